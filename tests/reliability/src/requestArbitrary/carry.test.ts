import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { carry } from "./carry.js";

const text = '{"token":"a b#%é"}';
const cases = fc.sample(carry(fc.constant(text), fc.constant("/v1/users.info"), "method"), {
  seed: 1,
  numRuns: 500,
});

describe(carry, () => {
  it("sends the text as a GET query, strictly or loosely encoded, labelled with the method", () => {
    const gets = cases.filter((c) => c.method === "GET" && !c.query!.endsWith("="));
    expect(gets.length).toBeGreaterThan(0);
    for (const c of gets) expect(decodeURIComponent(c.query!)).toBe(text);
    expect(new Set(gets.map((c) => c.query))).toEqual(
      new Set([encodeURIComponent(text), '{"token":"a%20b%23%25%C3%A9"}']),
    );
    expect(gets[0]!.label).toBe("GET users.info");
  });

  it("sometimes ends a GET query with the = a form-minded proxy appends, and says so in the label", () => {
    const proxied = cases.filter((c) => c.method === "GET" && c.query!.endsWith("="));
    expect(proxied.length).toBeGreaterThan(0);
    for (const c of proxied) {
      expect(decodeURIComponent(c.query!.slice(0, -1))).toBe(text);
      expect(c.label).toBe("GET users.info with =");
    }
  });

  it("sends the text as a POST body, sometimes after a BOM, sometimes chunked", () => {
    const posts = cases.filter((c) => c.method === "POST");
    const bodies = posts.map((c) => Buffer.from(c.body!).toString("utf8"));
    expect(bodies).toContain(text);
    expect(bodies).toContain(`\ufeff${text}`);
    expect(posts.some((c) => c.chunked)).toBe(true);
    expect(posts[0]!.label).toBe("POST users.info");
  });

  it("sometimes sends data on the other channel too", () => {
    expect(cases.some((c) => c.method === "GET" && c.body !== undefined)).toBe(true);
    expect(cases.some((c) => c.method === "POST" && c.query !== undefined)).toBe(true);
  });

  it("never sends a text of 6000 characters or more as a GET", () => {
    const long = "x".repeat(6000);
    const sent = fc.sample(carry(fc.constant(long), fc.constant("/v1/users.info"), "label"), {
      seed: 1,
      numRuns: 100,
    });
    expect(sent.every((c) => c.method === "POST" && c.label === "POST label")).toBe(true);
  });
});
