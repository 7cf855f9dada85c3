import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkBenchArguments, workloadNames } from "./benchArguments.mjs";

describe("the bench's arguments", () => {
  it("takes what the bench knows", () => {
    expect(checkBenchArguments([])).toBeUndefined();
    expect(
      checkBenchArguments([
        "--quick",
        "--cpu-prof",
        "--only=pipeline,events",
        "--pipeline-rounds=10",
        "--pipeline-servers=wsafe",
      ]),
    ).toBeUndefined();
  });

  it("says how to use it for --help, instead of running every workload", () => {
    expect(checkBenchArguments(["--help"])).toBe("help");
    expect(checkBenchArguments(["-h", "--quick"])).toBe("help");
  });

  it("refuses what it does not know, naming it", () => {
    expect(checkBenchArguments(["--quik"])).toBe("unknown argument --quik");
    expect(checkBenchArguments(["--only"])).toBe("unknown argument --only");
    expect(checkBenchArguments(["--only="])).toBe("--only needs a value");
    expect(checkBenchArguments(["--only=pipeline,piepline"])).toBe(
      `--only: no workload piepline (there are ${workloadNames.join(", ")})`,
    );
  });
});

describe("the workloads --only names", () => {
  it("are exactly the steps run.mjs runs, in its order", () => {
    const source = readFileSync(new URL("../run.mjs", import.meta.url), "utf8");
    const steps = [...source.matchAll(/await step\("([a-z]+)"/g)].map((match) => match[1]);
    expect(steps).toEqual(workloadNames);
  });
});
