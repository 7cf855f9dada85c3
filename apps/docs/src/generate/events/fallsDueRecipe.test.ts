import { validate } from "@wsafe/schema";
import { describe, expect, it } from "vitest";
import { exampleInstant } from "../exampleInstant.js";
import { defaultBaseUrl } from "../sitePaths.js";
import { fallsDueFirstPage, fallsDueRequest, fallsDueScript, recipeMonth } from "./fallsDueRecipe.js";

// Whether the answers are the demo's is test/eventsExamples.test.ts's business, against a
// real server; here, that what the recipe shows is valid by the contract and asks what it says.
describe("the falls-due recipe", () => {
  it("sends valid request data and shows a valid answer", () => {
    expect(validate("events.list.params", fallsDueRequest)).toMatchObject({ ok: true });
    expect(validate("events.list.result", fallsDueFirstPage)).toMatchObject({ ok: true });
    expect(fallsDueFirstPage.events).toHaveLength(fallsDueRequest.limit);
  });

  it("asks for the whole month of the examples' instant, both ends included", () => {
    expect(recipeMonth).toBe("December 2026");
    expect(fallsDueRequest.from).toBe(exampleInstant);
    expect(new Date(fallsDueRequest.to).toISOString()).toBe("2026-12-31T23:59:59.999Z");
    expect(new Date(fallsDueRequest.to + 1).getUTCMonth()).toBe(0);
  });

  it("shows a script whose month is the same window, against the address npm start prints", () => {
    expect(fallsDueScript).toContain(`baseUrl: ${JSON.stringify(defaultBaseUrl)}`);
    const [, year, month] = /monthWindow\((\d+), (\d+)\);/.exec(fallsDueScript)!;
    expect(Date.UTC(Number(year), Number(month), 1)).toBe(fallsDueRequest.from);
    expect(fallsDueScript).toContain(
      'client.paginate("events.list", { from, to, types: ["equipment.status_changed"] })',
    );
  });
});
