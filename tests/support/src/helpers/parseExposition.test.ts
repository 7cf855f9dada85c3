import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { parseExposition, samplesOf, scrapeExposition } from "./parseExposition.js";

const text = `# HELP a_total A.
# TYPE a_total counter
a_total{outcome="ok",method="users.info"} 2
a_total{method="none",outcome="docs"} 1
b_seconds_bucket{le="+Inf",method="m"} 3
c 0.5
`;

describe(parseExposition, () => {
  it("keys samples by name and alphabetically ordered labels", () => {
    expect(parseExposition(text)).toEqual(
      new Map([
        ['a_total{method="users.info",outcome="ok"}', 2],
        ['a_total{method="none",outcome="docs"}', 1],
        ['b_seconds_bucket{le="+Inf",method="m"}', 3],
        ["c", 0.5],
      ]),
    );
  });

  it("picks one metric's samples by exact name", () => {
    const samples = parseExposition(text);
    expect(samplesOf(samples, "a_total")).toEqual({
      '{method="users.info",outcome="ok"}': 2,
      '{method="none",outcome="docs"}': 1,
    });
    expect(samplesOf(samples, "c")).toEqual({ "": 0.5 });
    expect(samplesOf(samples, "b_seconds")).toEqual({});
  });
});

describe(scrapeExposition, () => {
  it("reads a metrics page's samples, and says what a page that is not one answered", async () => {
    const server = createServer((request, response) => {
      if (request.url === "/metrics") response.end(text);
      else response.writeHead(404).end("no such page");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      expect(samplesOf(await scrapeExposition(`${base}/metrics`), "a_total")).toEqual({
        '{method="users.info",outcome="ok"}': 2,
        '{method="none",outcome="docs"}': 1,
      });
      await expect(scrapeExposition(`${base}/other`)).rejects.toThrow(
        `${base}/other answered 404: no such page`,
      );
    } finally {
      server.close();
    }
  });
});
