import { describe, expect, it } from "vitest";
import { importProgress } from "./importProgress.js";

function recorder(isTTY: boolean) {
  const writes: string[] = [];
  let clock = 0;
  return {
    writes,
    tick: (ms: number) => {
      clock += ms;
    },
    show: importProgress({ isTTY, columns: 100, write: (text) => writes.push(text) }, () => clock),
  };
}

describe(importProgress, () => {
  it("prints nothing for a small import", () => {
    const { writes, tick, show } = recorder(false);
    tick(1000);
    show(9_999, 9_999);
    expect(writes).toEqual([]);
  });

  it("prints a plain line at every tenth with the rate and the time left, when not a terminal", () => {
    const { writes, tick, show } = recorder(false);
    tick(1000);
    show(20_000, 100_000);
    tick(500);
    show(25_000, 100_000);
    tick(500);
    show(30_000, 100_000);
    tick(2000);
    show(100_000, 100_000);
    expect(writes).toEqual([
      "import: 20000/100000 records (20%), 20,000 records/s, 4 seconds left\n",
      "import: 30000/100000 records (30%), 15,000 records/s, 5 seconds left\n",
      "import: 100000/100000 records (100%), 25,000 records/s, done in 4 seconds\n",
    ]);
  });

  // "1 min 60 s" could be said of 119.6 s left: the seconds were rounded apart from the minutes.
  it("says a time over a minute in minutes and seconds, as every duration is written", () => {
    const { writes, tick, show } = recorder(false);
    tick(13_290);
    show(10_000, 100_000);
    tick(1);
    show(100_000, 100_000);
    expect(writes).toEqual([
      "import: 10000/100000 records (10%), 752 records/s, 2 minutes left\n",
      "import: 100000/100000 records (100%), 7,524 records/s, done in 14 seconds\n",
    ]);
  });

  it("redraws one line with a bar, the count, the rate and the ETA on a terminal", () => {
    const { writes, tick, show } = recorder(true);
    tick(2000);
    show(50_000, 100_000);
    tick(10);
    show(51_000, 100_000); // within 100 ms of the last drawing: skipped
    tick(2000);
    show(100_000, 100_000);
    expect(writes).toHaveLength(2);
    // Each drawing starts by going back to the start of the line and clearing it.
    const clear = "\r\u001b[K";
    expect(writes.every((text) => text.startsWith(clear))).toBe(true);
    expect(writes[0]!.slice(clear.length)).toMatch(
      /^import █+░+ {2}50% 50,000\/100,000 records · 25,000\/s · ETA 2 seconds$/,
    );
    expect(writes[1]!.slice(clear.length)).toMatch(
      /^import █+ 100% 100,000\/100,000 records · 24,938\/s · done in 5 seconds\n$/,
    );
  });
});
