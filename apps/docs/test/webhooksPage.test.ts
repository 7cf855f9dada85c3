// The built Webhooks page: the schema's numbers and tables (retry schedule, states,
// refused addresses, the cap), the methods with their permission, an example delivery
// that verifies, and the links that lead to the page. The receivers are run by
// webhookReceivers.test.ts.
import { verifyWebhook } from "@wsafe/client/webhooks";
import {
  eventSchema,
  methodNames,
  methods,
  webhookAddressRules,
  webhookDelivery,
  webhookStateMeanings,
} from "@wsafe/schema";
import { describe, expect, it } from "vitest";
import { exampleSecret, exampleSignedAt } from "../src/generate/webhooks/exampleDelivery.js";
import { retryRows } from "../src/generate/webhooks/webhookTables.js";
import { copiedCode, mainHtml, pageHtml, sectionHtml, shows, tableRows } from "./builtSite.js";

const html = mainHtml(pageHtml("/webhooks/"));
const webhookMethods = methodNames.filter((name) => name.startsWith("webhooks."));

describe("the Webhooks page", () => {
  it("lists every webhooks method with the permission the registry gives it", () => {
    const rows = tableRows(sectionHtml(html, "the-methods"));
    expect(rows.map((row) => [row[0], row[1]])).toEqual(
      webhookMethods.map((name) => [name, methods[name].permission]),
    );
    expect(webhookMethods).toHaveLength(6);
  });

  it("shows a delivery that verifies under the example's secret, whose data is an Event", async () => {
    const request = copiedCode(sectionHtml(html, "delivery"), "One delivery");
    const [head, body] = request.split("\n\n") as [string, string];
    const headers = Object.fromEntries(
      head
        .split("\n")
        .slice(1)
        .map((line) => line.split(": ") as [string, string]),
    );
    const payload = await verifyWebhook(exampleSecret, headers, body, { now: exampleSignedAt });
    expect(eventSchema.parse(payload.data)).toEqual(payload.data);
    expect(payload.data.id).toBe(headers["webhook-id"]);
    expect(payload.type).toBe(payload.data.type);
    expect(payload.timestamp).toBe(new Date(payload.data.occurred_at).toISOString());
    expect(payload.data).toMatchObject({ expected: false });
    expect(shows(html, exampleSecret)).toBe(true);
  });

  it("gives the retry schedule of the schema, attempt by attempt", () => {
    const rows = tableRows(sectionHtml(html, "retries"));
    expect(rows).toEqual(retryRows());
    expect(rows).toHaveLength(webhookDelivery.retryScheduleMs.length);
    // The specification's schedule, as the issue names it.
    expect(rows.map((row) => row[1]!.split(" after")[0])).toEqual([
      "as soon as the event is recorded",
      "5 seconds",
      "5 minutes",
      "30 minutes",
      "2 hours",
      "5 hours",
      "10 hours",
      "14 hours",
      "20 hours",
      "24 hours",
    ]);
    // One day reads 24 hours in both columns, as in every other place a duration is written.
    expect(rows.map((row) => row[2])).toEqual([
      "0 seconds",
      "5 seconds",
      "5 minutes 5 seconds",
      "35 minutes 5 seconds",
      "2 hours 35 minutes 5 seconds",
      "7 hours 35 minutes 5 seconds",
      "17 hours 35 minutes 5 seconds",
      "31 hours 35 minutes 5 seconds",
      "2 days 3 hours 35 minutes 5 seconds",
      "3 days 3 hours 35 minutes 5 seconds",
    ]);
  });

  it("says what counts as success, that redirects are not followed, and what 410 does", () => {
    const section = sectionHtml(html, "success-and-failure");
    for (const text of ["2xx", "15 seconds", "410 Gone", "disabled", "3xx"])
      expect(shows(section, text), text).toBe(true);
    expect(shows(sectionHtml(html, "at-least-once"), "webhook-id")).toBe(true);
  });

  it("gives each state with the schema's meaning", () => {
    const section = sectionHtml(html, "states");
    expect(tableRows(section).map((row) => row[0])).toEqual(Object.keys(webhookStateMeanings));
    for (const meaning of Object.values(webhookStateMeanings))
      expect(shows(section, meaning), meaning).toBe(true);
  });

  it("says how long a rotated-out secret keeps signing", () => {
    const section = sectionHtml(html, "secret-rotation");
    expect(shows(section, "24 hours")).toBe(true);
    expect(shows(section, "previous_secret_expires_at")).toBe(true);
  });

  it("prints every refused prefix of the address rules under its kind, and the cap", () => {
    const section = sectionHtml(html, "security");
    const rows = tableRows(section);
    expect(rows.map((row) => row[0])).toEqual(Object.keys(webhookAddressRules.kinds));
    for (const [cidr, kind] of [...webhookAddressRules.ipv4, ...webhookAddressRules.ipv6])
      expect(rows.find((row) => row[0] === kind)?.[2], cidr).toContain(cidr);
    for (const { cidr } of webhookAddressRules.ipv4Embeddings) expect(shows(section, cidr), cidr).toBe(true);
    for (const text of [
      "--webhooks-allow-http",
      "--webhooks-allow-private",
      `at most ${webhookDelivery.endpointsPerAccount} endpoints`,
      "limit_reached",
    ])
      expect(shows(section, text), text).toBe(true);
  });

  it("is linked from each webhooks method's page and from the sidebar after Events", () => {
    for (const name of webhookMethods)
      expect(mainHtml(pageHtml(`/methods/${name}/`)), name).toContain('href="/webhooks/"');
    const sidebar = pageHtml("/");
    expect(sidebar.indexOf('href="/webhooks/"')).toBeGreaterThan(sidebar.indexOf('href="/events/"'));
  });
});
