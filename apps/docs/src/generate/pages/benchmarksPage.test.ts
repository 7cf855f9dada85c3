import { describe, expect, it } from "vitest";
import { benchmarksPage } from "./benchmarksPage.js";

describe("benchmarksPage", () => {
  it("says there are no results before a benchmark run", () => {
    expect(benchmarksPage(undefined, [])).toContain("No benchmark results yet");
  });

  it("points the charts of latest.md at the site's copies and shows charts it does not mention", () => {
    const text = benchmarksPage("# Benchmarks\n\n![throughput](./throughput.svg)\n", [
      "latency.svg",
      "throughput.svg",
    ]);
    expect(text).toContain("![throughput](/benchmarks/throughput.svg)");
    expect(text).toContain("![latency](/benchmarks/latency.svg)");
    expect(text).toContain("\n## Benchmarks\n");
  });
});
