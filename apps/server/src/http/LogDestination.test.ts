import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { heldLogLimit, LogDestination, type LogTarget } from "./LogDestination.js";

/**
 * A stdout as the log sees it: it records each write and calls back only when told to,
 * like a pipe whose reader takes a batch when it gets round to it.
 */
class Reader extends EventEmitter implements LogTarget {
  readonly batches: string[] = [];
  readonly #pending: ((error?: Error | null) => void)[] = [];
  write(chunk: string, callback: (error?: Error | null) => void): boolean {
    this.batches.push(chunk);
    this.#pending.push(callback);
    return true;
  }
  /** The reader takes every batch written so far. */
  take(): void {
    for (const callback of this.#pending.splice(0)) callback();
  }
  /** The reader is gone: the write under way fails with EPIPE, as Node reports it. */
  die(): void {
    const error = Object.assign(new Error("write EPIPE"), { code: "EPIPE" });
    for (const callback of this.#pending.splice(0)) callback(error);
    this.emit("error", error);
  }
}

const turn = () => new Promise((resolve) => setImmediate(resolve));
const line = (n: number, length = 100) => `${JSON.stringify({ n, pad: "x".repeat(length) })}\n`;

describe("LogDestination", () => {
  it("writes the lines of one turn of the event loop together, in order, and the next turn's once that is taken", async () => {
    const reader = new Reader();
    const log = new LogDestination(reader);
    log.write(line(1));
    log.write(line(2));
    expect(reader.batches).toEqual([]);
    await turn();
    expect(reader.batches).toEqual([line(1) + line(2)]);
    log.write(line(3));
    await turn();
    // The first batch is not taken yet: the third line waits for it.
    expect(reader.batches).toHaveLength(1);
    reader.take();
    expect(reader.batches).toEqual([line(1) + line(2), line(3)]);
  });

  it("holds at most its limit for a reader that stopped reading, then counts what it drops and says so when the reader takes lines again", async () => {
    const reader = new Reader();
    const log = new LogDestination(reader);
    log.write(line(0));
    await turn();
    let kept = 0;
    for (let length = line(1, 1000).length; length <= heldLogLimit; length += line(kept + 2, 1000).length)
      kept += 1;
    for (let n = 1; n <= kept + 50; n++) log.write(line(n, 1000));
    await turn();
    expect(reader.batches).toHaveLength(1);
    reader.take();
    const held = reader.batches[1]?.split("\n").filter(Boolean) ?? [];
    expect(held).toHaveLength(kept + 1);
    expect(held.slice(0, kept)).toEqual(Array.from({ length: kept }, (_, i) => line(i + 1, 1000).trim()));
    expect(JSON.parse(held[kept] ?? "")).toMatchObject({
      level: 40,
      dropped: 50,
      msg: "50 log lines dropped: stdout was not read; read it faster (a log shipper, a file) to keep every line",
    });
    // Counted once: the next lines go as they come.
    log.write(line(-1));
    reader.take();
    await turn();
    expect(reader.batches[2]).toBe(line(-1));
  });

  it("ends the log when its reader is gone: says so once, discards what follows, and never makes a stop wait", async () => {
    const reader = new Reader();
    const lost: string[] = [];
    const log = new LogDestination(reader, (error) => lost.push((error as NodeJS.ErrnoException).code ?? ""));
    log.write(line(1));
    await turn();
    log.write(line(2));
    reader.die();
    expect(lost).toEqual(["EPIPE"]);
    expect(log.lost).toBe(true);
    log.write(line(3));
    log.flush();
    await turn();
    expect(reader.batches).toEqual([line(1)]);
    await expect(log.written(60_000)).resolves.toBeUndefined();
  });

  it("waits for its last lines to be taken before a stop exits, but no longer than it is told", async () => {
    const reader = new Reader();
    const log = new LogDestination(reader);
    log.write(line(1));
    let written = false;
    const waited = log.written(60_000).then(() => {
      written = true;
    });
    await turn();
    expect(written).toBe(false);
    reader.take();
    await waited;
    expect(written).toBe(true);
    log.write(line(2));
    const started = performance.now();
    await log.written(50);
    expect(performance.now() - started).toBeGreaterThanOrEqual(45);
  });

  it("hands every held line over at once on flush, a batch under way or not", async () => {
    const reader = new Reader();
    const log = new LogDestination(reader);
    log.write(line(1));
    await turn();
    log.write(line(2));
    log.flush();
    expect(reader.batches).toEqual([line(1), line(2)]);
  });
});
