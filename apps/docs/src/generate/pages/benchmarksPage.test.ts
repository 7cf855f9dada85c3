import { describe, expect, it } from "vitest";
import { benchmarksPage, narrowBenchmarkTable } from "./benchmarksPage.js";

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

  it("shows the results in five columns, keeping every figure", () => {
    const wide = [
      "Intro.",
      "",
      "| workload | figure | wsafe | peer | peer value | ratio | goal | met? |",
      "| --- | --- | ---: | --- | ---: | ---: | ---: | ---: |",
      "| 1 pipeline | req/s | 13,995 req/s | Hono | 2,423 req/s | 5.78× | ≥ 1.00× | yes |",
      "| 1 pipeline | CPU | 68.6 µs/req | Hono \\| fast | 403 µs/req | 0.17× | ≤ 1.00× | yes |",
      "| 2 list | time | 470 ms | raw SQL | 1.69 s | 0.28× | ≤ 1.50× | NO |",
      "",
      "After.",
    ].join("\n");
    expect(narrowBenchmarkTable(wide)).toBe(
      [
        "Intro.",
        "",
        "| figure | wsafe | peer | ratio | met? |",
        "| --- | --- | --- | --- | --- |",
        "| **1 pipeline**: req/s | 13,995 req/s | 2,423 req/s, Hono | 5.78× (goal ≥ 1.00×) | yes |",
        "| CPU | 68.6 µs/req | 403 µs/req, Hono \\| fast | 0.17× (goal ≤ 1.00×) | yes |",
        "| **2 list**: time | 470 ms | 1.69 s, raw SQL | 0.28× (goal ≤ 1.50×) | NO |",
        "",
        "After.",
      ].join("\n"),
    );
  });
});
