import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { badPercentEncoding } from "./badPercentEncoding.js";
import { testFixture } from "./testFixture.js";

describe(badPercentEncoding, () => {
  const cases = fc.sample(badPercentEncoding(testFixture, fc.constant("/v1/users.info")), {
    seed: 1,
    numRuns: 300,
  });

  it("sends GETs whose query is the good data with one broken escape cut in", () => {
    const good = encodeURIComponent(JSON.stringify({ token: testFixture.tokens.alphaRead }));
    for (const c of cases) {
      expect(c).toMatchObject({
        method: "GET",
        path: "/v1/users.info",
        body: undefined,
        label: "GET bad percent-encoding",
      });
      expect(c.query!.length).toBeGreaterThan(good.length);
    }
  });

  it("cuts the escape in anywhere, from the first character to the end", () => {
    const good = encodeURIComponent(JSON.stringify({ token: testFixture.tokens.alphaRead }));
    expect(cases.some((c) => c.query!.startsWith("%") && !c.query!.startsWith(good.slice(0, 3)))).toBe(true);
    expect(cases.some((c) => c.query!.startsWith(good))).toBe(true);
  });

  it("breaks the escapes: a lone %, bad hex, overlong or surrogate UTF-8", () => {
    const junk = ["%", "%z", "%zz", "%E0%A4%A", "%C0%80", "%ED%A0%80", "%FF", "%F4%90%80%80", "%%7B"];
    const good = encodeURIComponent(JSON.stringify({ token: testFixture.tokens.alphaRead }));
    const inserted = (query: string) =>
      junk.find((j) =>
        [...query].some(
          (_, at) => query.startsWith(j, at) && query.slice(0, at) + query.slice(at + j.length) === good,
        ),
      );
    for (const c of cases) expect(inserted(c.query!)).toBeDefined();
    // Most no longer decode; a truncated escape may be completed by the hex digits after it.
    const decodable = cases.filter((c) => {
      try {
        decodeURIComponent(c.query!);
        return true;
      } catch {
        return false;
      }
    });
    expect(decodable.length).toBeLessThan(cases.length / 4);
  });
});
