import { describe, expect, it } from "vitest";
import { FeedSubscriber, FollowedAccount } from "./FollowedAccount.js";

const event = (sequence: number) => ({ id: `evt_${sequence}`, sequence: String(sequence) });
const events = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, n) => event(from + n));

/** A stream of the account, and what it was told when memory let go of it. */
function streamOf(account: FollowedAccount<ReturnType<typeof event>>, position: number) {
  const told: number[] = [];
  const subscriber = new FeedSubscriber(position, (behind) => told.push(behind));
  account.subscribers.add(subscriber);
  expect(account.attach(subscriber)).toBe(true);
  return { subscriber, told };
}

/** Whether a stream's sleep ends within a turn of the event loop. */
async function wakes(subscriber: FeedSubscriber): Promise<boolean> {
  return Promise.race([
    subscriber.sleep().then(() => true),
    new Promise<boolean>((resolve) => setImmediate(() => resolve(false))),
  ]);
}

describe("the events an account's streams have yet to take", () => {
  it("are kept from the slowest stream's place, and let go once every stream took them", async () => {
    const account = new FollowedAccount<ReturnType<typeof event>>(0, 10_000, 1_000);
    const fast = streamOf(account, 0);
    const slow = streamOf(account, 0);
    account.park(fast.subscriber);
    account.park(slow.subscriber);
    expect(account.wanted).toBe(true);
    account.received(events(1, 500));
    expect(await wakes(fast.subscriber)).toBe(true);
    expect(await wakes(slow.subscriber)).toBe(true);
    fast.subscriber.position = 500;
    account.park(fast.subscriber);
    slow.subscriber.position = 128;
    account.received(events(501, 1_000));
    // Kept from the slow stream's place on.
    expect(account.recent.size).toBe(872);
    slow.subscriber.position = 1_000;
    fast.subscriber.position = 1_000;
    account.park(slow.subscriber);
    account.park(fast.subscriber);
    expect(account.recent.size).toBe(0);
    expect([fast.told, slow.told]).toEqual([[], []]);
  });

  it("lets go of a stream whose reader stopped past its bound: the stream is told, the others go on", () => {
    const account = new FollowedAccount<ReturnType<typeof event>>(0, 10_000, 300);
    const reading = streamOf(account, 0);
    const stalled = streamOf(account, 0);
    account.received(events(1, 200));
    // The stalled stream took 128 and its write never drains.
    stalled.subscriber.position = 128;
    stalled.subscriber.out = true;
    reading.subscriber.position = 200;
    account.received(events(201, 400));
    // 272 behind: within its bound, its events are kept.
    expect(account.recent.covers(128)).toBe(true);
    expect(stalled.told).toEqual([]);
    reading.subscriber.position = 400;
    account.received(events(401, 600));
    // 472 behind: past it. It reads on from the store once its reader reads again.
    expect(stalled.told).toEqual([300]);
    expect(stalled.subscriber.attached).toBe(false);
    expect(account.recent.size).toBe(200);
    expect(account.attach(stalled.subscriber)).toBe(false);
    expect(reading.told).toEqual([]);
  });

  it("keeps a stream that is away writing but not behind its bound, however long", () => {
    const account = new FollowedAccount<ReturnType<typeof event>>(0, 10_000, 1_000);
    const alone = streamOf(account, 0);
    account.received(events(1, 500));
    alone.subscriber.position = 128;
    alone.subscriber.out = true;
    // No stream waits: the feed reads nothing more for it, and keeps what it has yet to take.
    expect(account.wanted).toBe(false);
    account.settle();
    expect(account.recent.size).toBe(372);
    expect(alone.told).toEqual([]);
  });

  it("wakes a waiting stream that falls out of memory, which reads on from the store", async () => {
    const account = new FollowedAccount<ReturnType<typeof event>>(0, 200, 200);
    const waiting = streamOf(account, 0);
    account.park(waiting.subscriber);
    account.received(events(1, 500));
    expect(waiting.told).toEqual([200]);
    expect(await wakes(waiting.subscriber)).toBe(true);
    expect(account.attach(waiting.subscriber)).toBe(false);
  });
});
