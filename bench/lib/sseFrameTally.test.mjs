import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { SseFrameTally } from "./sseFrameTally.mjs";

const connected = "event: connected\ndata: {}\n\n";
const id = (/** @type {number} */ n, /** @type {string} */ digit = "a") => `ev_${digit.repeat(23)}${n}`;
const frame = (/** @type {number} */ n, digit = "a") =>
  `data: {"id":"${id(n, digit)}","n":${n}}\nid: ${id(n, digit)}\n\n`;
const blotted = (/** @type {number} */ n) =>
  `data: {"id":"ev_${"-".repeat(24)}","n":${n}}\nid: ev_${"-".repeat(24)}\n\n`;

describe("SseFrameTally", () => {
  it("counts data frames and named messages however the chunks cut them", () => {
    const text = connected + frame(1) + "event: ping\ndata: \n\n" + frame(2) + frame(3);
    for (const size of [1, 3, 7, text.length]) {
      const tally = new SseFrameTally();
      for (let at = 0; at < text.length; at += size) tally.add(Buffer.from(text.slice(at, at + size)));
      expect(tally.frames).toBe(3);
      expect(tally.named).toEqual({ connected: 1, ping: 1 });
      expect(tally.digest()).toBe(
        createHash("sha256").update(blotted(1)).update(blotted(2)).update(blotted(3)).digest("hex"),
      );
    }
  });

  it("gives another digest when a frame differs, is missing, or comes in another order", () => {
    const digestOf = (/** @type {string} */ text) => {
      const tally = new SseFrameTally();
      tally.add(Buffer.from(text));
      return tally.digest();
    };
    const same = digestOf(frame(1) + frame(2));
    expect(digestOf(frame(1) + frame(2))).toBe(same);
    expect(digestOf(frame(2) + frame(1))).not.toBe(same);
    expect(digestOf(frame(1))).not.toBe(same);
    expect(digestOf(frame(1) + frame(3))).not.toBe(same);
  });

  it("reads two streams as the same whose frames differ in their event ids only", () => {
    const digestOf = (/** @type {string} */ text) => {
      const tally = new SseFrameTally();
      tally.add(Buffer.from(text));
      return tally.digest();
    };
    expect(digestOf(frame(1, "b") + frame(2, "c"))).toBe(digestOf(frame(1) + frame(2)));
  });

  it("keeps a stream's error and does not count it as a frame", () => {
    const tally = new SseFrameTally();
    tally.add(Buffer.from(`${frame(1)}event: serialized-error\ndata: {"message":"no"}\n\n`));
    expect(tally.frames).toBe(1);
    expect(tally.failure).toMatch(/serialized-error/);
  });

  it("holds a message cut before its end until the rest comes", () => {
    const tally = new SseFrameTally();
    tally.add(Buffer.from('data: {"a":'));
    expect(tally.frames).toBe(0);
    tally.add(Buffer.from("1}\n\n"));
    expect(tally.frames).toBe(1);
  });
});
