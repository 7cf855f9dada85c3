import { describe, expect, it } from "vitest";
import { createResponder } from "./createResponder.js";

describe("createResponder's lane headers", () => {
  it("start with HSTS when it is set, as the application's request hook sends it", () => {
    const headers = createResponder({ headerPrefix: "SVC", corsOrigin: "*", hsts: "max-age=60" }).laneHeaders(
      "req_1",
      2.4,
      undefined,
      10,
    );
    expect(headers.slice(0, 2)).toEqual(["strict-transport-security", "max-age=60"]);
    expect(headers.slice(-2)).toEqual(["content-length", "10"]);
  });

  it("carry no HSTS when it is absent or empty, as the hook sends none then", () => {
    for (const hsts of [undefined, ""]) {
      const headers = createResponder({ headerPrefix: "SVC", corsOrigin: "*", hsts }).laneHeaders(
        "req_1",
        2.4,
        3,
        undefined,
      );
      expect(headers).not.toContain("strict-transport-security");
      expect(headers.slice(0, 6)).toEqual([
        "retry-after",
        "3",
        "svc-request-id",
        "req_1",
        "svc-response-time",
        "2",
      ]);
    }
  });

  it("list every header of a whole answer in order, HSTS and Vary included when set", () => {
    const headers = createResponder({
      headerPrefix: "ACME",
      corsOrigin: "https://app.example",
      hsts: "max-age=60",
    }).laneHeaders("req_1", 2.6, undefined, 4531);
    expect(headers).toEqual([
      "strict-transport-security",
      "max-age=60",
      "acme-request-id",
      "req_1",
      "acme-response-time",
      "3",
      "access-control-allow-origin",
      "https://app.example",
      "access-control-expose-headers",
      "ACME-Request-ID, ACME-Response-Time, Retry-After",
      "vary",
      "Origin",
      "content-type",
      "application/json; charset=utf-8",
      "content-length",
      "4531",
    ]);
  });
});
