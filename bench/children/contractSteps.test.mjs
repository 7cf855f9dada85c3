import { describe, expect, it } from "vitest";
import {
  Cursors,
  checkParams,
  checkToken,
  decodeRequestData,
  failureBody,
  newRequestId,
  resourcesPage,
} from "./contractSteps.mjs";

describe("decodeRequestData", () => {
  it("reads POST's body, BOM tolerated, and GET's whole query string percent-decoded", () => {
    expect(decodeRequestData("POST", "/v1/resources.list", '\uFEFF{"token":"t"}')).toEqual({
      ok: true,
      data: { token: "t" },
    });
    const query = encodeURIComponent(JSON.stringify({ token: "t", pretty: true }));
    expect(decodeRequestData("GET", `/v1/resources.list?${query}`, "")).toEqual({
      ok: true,
      data: { token: "t", pretty: true },
    });
    // Absent data is {}, so that the token check answers token_missing.
    expect(decodeRequestData("GET", "/v1/resources.list", "")).toEqual({ ok: true, data: {} });
    expect(decodeRequestData("POST", "/v1/resources.list", " ")).toEqual({ ok: true, data: {} });
  });

  it("answers request_data_invalid for anything but a JSON object", () => {
    for (const [method, url, body] of [
      ["POST", "/", '{"token": '],
      ["POST", "/", "[]"],
      ["POST", "/", "null"],
      ["POST", "/", '"text"'],
      ["GET", "/v1/resources.list?%7B%ZZ", ""],
    ]) {
      expect(decodeRequestData(method, url, body)).toMatchObject({
        ok: false,
        error: "request_data_invalid",
      });
    }
  });
});

describe("checkToken", () => {
  const tokens = new Map([
    ["good", { account: "a", active: true, accountActive: true }],
    ["revoked", { account: "a", active: false, accountActive: true }],
    ["closed", { account: "b", active: true, accountActive: false }],
  ]);
  it("answers each token check of the contract in its order", () => {
    const error = (/** @type {unknown} */ token) =>
      /** @type {any} */ (checkToken(token === undefined ? {} : { token }, tokens)).error;
    expect(error(undefined)).toBe("token_missing");
    expect(error("")).toBe("token_missing");
    expect(error(12345)).toBe("token_invalid");
    expect(error("unknown")).toBe("token_invalid");
    expect(error("revoked")).toBe("token_inactive");
    expect(error("closed")).toBe("account_inactive");
    expect(checkToken({ token: "good" }, tokens)).toEqual({ ok: true, token: "good", account: "a" });
  });
});

describe("checkParams", () => {
  it("answers an unknown key before a wrong value, naming the key", () => {
    expect(checkParams({ token: "t", pretty: "yes", colums: 1 })).toEqual({
      ok: false,
      error: "parameter_unexpected",
      description: "unexpected parameter: colums",
    });
    expect(checkParams({ token: "t", limit: 0 })).toMatchObject({
      error: "parameter_invalid",
      description: expect.stringMatching(/^invalid parameter: limit: /),
    });
    expect(checkParams({ token: "t", cursor: "" })).toMatchObject({ error: "parameter_invalid" });
  });

  it("passes the parameters resources.list takes, `__proto__` being an ordinary unknown key", () => {
    expect(checkParams({ token: "t", pretty: true, limit: 3, cursor: "c" })).toEqual({
      ok: true,
      params: { token: "t", pretty: true, limit: 3, cursor: "c" },
    });
    expect(checkParams(JSON.parse('{"token":"t","__proto__":{}}'))).toMatchObject({
      error: "parameter_unexpected",
    });
  });
});

describe("Cursors and resourcesPage", () => {
  const records = ["a", "b", "c", "d", "e"].map((id, i) => ({ id, sequence: Math.floor(i / 2) }));

  it("walks the whole list in pages, each cursor carrying the walk's page size", () => {
    const cursors = new Cursors();
    const seen = [];
    /** @type {any} */
    let page = resourcesPage(records, { limit: 2 }, "acc", cursors);
    seen.push(...page.result.resources);
    while (page.result.response_metadata.next_cursor !== "") {
      page = resourcesPage(records, { cursor: page.result.response_metadata.next_cursor }, "acc", cursors);
      expect(page.result.resources.length).toBeLessThanOrEqual(2);
      seen.push(...page.result.resources);
    }
    expect(seen).toEqual(records);
    // Without limit and cursor, the whole list and no response_metadata.
    expect(resourcesPage(records, {}, "acc", cursors)).toEqual({
      ok: true,
      result: { ok: true, resources: records },
    });
  });

  it("refuses a cursor changed by one character, of another account, or signed by another server", () => {
    const cursors = new Cursors();
    const page = /** @type {any} */ (resourcesPage(records, { limit: 1 }, "acc", cursors));
    const cursor = page.result.response_metadata.next_cursor;
    for (const index of [0, Math.floor(cursor.length / 2), cursor.length - 2]) {
      const changed = `${cursor.slice(0, index)}${cursor[index] === "0" ? "1" : "0"}${cursor.slice(index + 1)}`;
      expect(resourcesPage(records, { cursor: changed }, "acc", cursors)).toMatchObject({
        error: "parameter_invalid",
        description: expect.stringContaining("cursor"),
      });
    }
    expect(resourcesPage(records, { cursor }, "other", cursors)).toMatchObject({
      error: "parameter_invalid",
    });
    expect(resourcesPage(records, { cursor }, "acc", new Cursors())).toMatchObject({
      error: "parameter_invalid",
    });
  });
});

describe("failureBody and newRequestId", () => {
  it("writes the envelope, indented only when asked, and ids of 32 letters and digits", () => {
    const failed = /** @type {const} */ ({ ok: false, error: "token_invalid", description: "d" });
    expect(failureBody(failed)).toBe('{"ok":false,"error":"token_invalid","description":"d"}');
    expect(failureBody(failed, true)).toBe(JSON.stringify(failed, null, 2));
    expect(newRequestId()).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(newRequestId()).not.toBe(newRequestId());
  });
});
