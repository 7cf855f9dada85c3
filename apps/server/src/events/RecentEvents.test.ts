import { describe, expect, it } from "vitest";
import { RecentEvents } from "./RecentEvents.js";

const event = (sequence: number) => ({ id: `evt_${sequence}`, sequence: String(sequence) });
const ids = (events: readonly { id: string }[]) => events.map((kept) => kept.id);

describe("an account's latest events, kept for its streams", () => {
  it("gives what follows a stream's place, at most so many at once, and nothing before it", () => {
    const recent = new RecentEvents<ReturnType<typeof event>>(10, 100);
    for (const sequence of [11, 12, 15, 20]) recent.append(event(sequence));
    expect(ids(recent.after(10, 100))).toEqual(["evt_11", "evt_12", "evt_15", "evt_20"]);
    // A place between two kept sequences (events of other filters, or of a replay).
    expect(ids(recent.after(13, 100))).toEqual(["evt_15", "evt_20"]);
    expect(ids(recent.after(11, 2))).toEqual(["evt_12", "evt_15"]);
    expect(recent.after(20, 100)).toEqual([]);
  });

  it("covers only the places after which it holds every event, and lets the oldest go past its capacity", () => {
    const recent = new RecentEvents<ReturnType<typeof event>>(0, 3);
    expect(recent.covers(0)).toBe(true);
    for (let sequence = 1; sequence <= 10; sequence++) recent.append(event(sequence));
    // 8, 9 and 10 are kept: a stream that sent 7 finds all that follows.
    expect(recent.covers(6)).toBe(false);
    expect(recent.covers(7)).toBe(true);
    expect(ids(recent.after(7, 100))).toEqual(["evt_8", "evt_9", "evt_10"]);
    for (let sequence = 11; sequence <= 1_000; sequence++) recent.append(event(sequence));
    expect(recent.covers(996)).toBe(false);
    expect(ids(recent.after(997, 100))).toEqual(["evt_998", "evt_999", "evt_1000"]);
  });

  it("lets go of what every stream took, never past what it read, and counts what follows a place", () => {
    const recent = new RecentEvents<ReturnType<typeof event>>(10, 100);
    for (const sequence of [11, 12, 15, 20]) recent.append(event(sequence));
    expect(recent.countAfter(10)).toBe(4);
    expect(recent.countAfter(13)).toBe(2);
    recent.letGoThrough(13);
    expect(recent.size).toBe(2);
    expect(recent.covers(12)).toBe(false);
    expect(recent.covers(13)).toBe(true);
    expect(ids(recent.after(13, 100))).toEqual(["evt_15", "evt_20"]);
    // A stream ahead of what was read (it read on from the store) lets go of everything kept,
    // and what is read next is kept for it.
    recent.letGoThrough(30);
    expect(recent.size).toBe(0);
    expect(recent.covers(20)).toBe(true);
    recent.append(event(25));
    expect(ids(recent.after(20, 100))).toEqual(["evt_25"]);
    // Letting go of less than is gone already changes nothing.
    recent.letGoThrough(5);
    expect(recent.covers(20)).toBe(true);
    expect(recent.size).toBe(1);
  });
});
