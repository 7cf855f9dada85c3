import { afterEach, describe, expect, it, vi } from "vitest";
import type { TokenRecord } from "../TokenRecord.js";
import { ReadCache } from "./ReadCache.js";

const record = (key: string): TokenRecord => ({
  key,
  accountId: "account-1",
  active: true,
  accountActive: true,
  permissions: ["read"],
});

/** A load that counts its calls and answers `value`. */
function counted<Value>(value: Value) {
  const load = async () => {
    load.calls++;
    return value;
  };
  load.calls = 0;
  return load;
}

/** A load that answers only when `finish` is called. */
function deferred<Value>(value: Value) {
  let finish = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const load = async () => {
    await done;
    return value;
  };
  return { load, finish: () => finish() };
}

describe(ReadCache, () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("reads again once a kept value is older than its bound, even with no change announced", async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const cache = new ReadCache({ maxAgeMs: 30_000 });
    cache.setListening(true);
    const load = counted(record("a"));
    await cache.token("a", load);
    vi.setSystemTime(1_000_000 + 29_999);
    await cache.token("a", load);
    expect(load.calls).toBe(1);
    vi.setSystemTime(1_000_000 + 30_000);
    await cache.token("a", load);
    expect(load.calls).toBe(2);
    expect(cache.counts.tokens).toBe(1);
  });

  it("counts a hit for a kept value or a load under way, and a miss for each query", async () => {
    const cache = new ReadCache();
    cache.setListening(true);
    const slow = deferred(record("a"));
    const first = cache.token("a", slow.load);
    const joined = cache.token("a", slow.load);
    slow.finish();
    await Promise.all([first, joined]);
    await cache.token("a", counted(record("a")));
    await cache.resourcesJson("acc", counted(Buffer.from("[]")));
    expect(cache.stats).toEqual({ tokens: { hits: 2, misses: 1 }, resources: { hits: 0, misses: 1 } });
  });

  it("answers a kept token record synchronously, as a hit, and nothing once cleared, expired or not listening", async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const cache = new ReadCache({ maxAgeMs: 30_000 });
    expect(cache.keptToken("a")).toBeUndefined();
    cache.setListening(true);
    expect(cache.keptToken("a")).toBeUndefined();
    await cache.token("a", counted(record("a")));
    expect(cache.keptToken("a")).toEqual(record("a"));
    expect(cache.stats.tokens).toEqual({ hits: 1, misses: 1 });
    cache.clear();
    expect(cache.keptToken("a")).toBeUndefined();
    await cache.token("a", counted(record("a")));
    vi.setSystemTime(1_000_000 + 30_000);
    expect(cache.keptToken("a")).toBeUndefined();
    await cache.token("a", counted(record("a")));
    cache.setListening(false);
    expect(cache.keptToken("a")).toBeUndefined();
  });

  it("answers a kept resources list synchronously, as a hit, and nothing once cleared, expired or not listening", async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const cache = new ReadCache({ maxAgeMs: 30_000 });
    const list = Buffer.from('[{"id":"r"}]');
    expect(cache.keptResourcesJson("acc")).toBeUndefined();
    cache.setListening(true);
    expect(cache.keptResourcesJson("acc")).toBeUndefined();
    await cache.resourcesJson("acc", counted(list));
    expect(cache.keptResourcesJson("acc")).toBe(list);
    expect(cache.stats.resources).toEqual({ hits: 1, misses: 1 });
    cache.clear();
    expect(cache.keptResourcesJson("acc")).toBeUndefined();
    await cache.resourcesJson("acc", counted(list));
    vi.setSystemTime(1_000_000 + 30_000);
    expect(cache.keptResourcesJson("acc")).toBeUndefined();
    await cache.resourcesJson("acc", counted(list));
    cache.setListening(false);
    expect(cache.keptResourcesJson("acc")).toBeUndefined();
  });

  it("reads the database every time while it does not receive change notifications", async () => {
    const cache = new ReadCache();
    const load = counted(record("a"));
    await cache.token("a", load);
    await cache.token("a", load);
    expect(load.calls).toBe(2);
    expect(cache.counts).toEqual({ tokens: 0, resources: 0 });
  });

  it("keeps what it read while listening, until a change clears it", async () => {
    const cache = new ReadCache();
    cache.setListening(true);
    const token = counted(record("a"));
    const resources = counted(Buffer.from('[{"id":"r"}]'));
    expect(await cache.token("a", token)).toEqual(record("a"));
    expect(await cache.token("a", token)).toEqual(record("a"));
    expect(await cache.resourcesJson("account-1", resources)).toEqual(Buffer.from('[{"id":"r"}]'));
    expect(await cache.resourcesJson("account-1", resources)).toEqual(Buffer.from('[{"id":"r"}]'));
    expect([token.calls, resources.calls]).toEqual([1, 1]);
    cache.clear();
    await cache.token("a", token);
    await cache.resourcesJson("account-1", resources);
    expect([token.calls, resources.calls]).toEqual([2, 2]);
  });

  it("drops everything and stops keeping when notifications stop", async () => {
    const cache = new ReadCache();
    cache.setListening(true);
    const load = counted(record("a"));
    await cache.token("a", load);
    cache.setListening(false);
    expect(cache.counts.tokens).toBe(0);
    await cache.token("a", load);
    await cache.token("a", load);
    expect(load.calls).toBe(3);
  });

  it("never keeps an unknown token, so guessed tokens cannot fill memory", async () => {
    const cache = new ReadCache();
    cache.setListening(true);
    const load = counted(undefined);
    expect(await cache.token("guess", load)).toBeUndefined();
    expect(await cache.token("guess", load)).toBeUndefined();
    expect(load.calls).toBe(2);
    expect(cache.counts.tokens).toBe(0);
  });

  it("returns but does not keep a value whose load began before a change", async () => {
    const cache = new ReadCache();
    cache.setListening(true);
    const stale = deferred(Buffer.from("[1]"));
    const answer = cache.resourcesJson("account-1", stale.load);
    cache.clear(); // the change commits while the old rows are being read
    stale.finish();
    expect(await answer).toEqual(Buffer.from("[1]"));
    expect(cache.counts.resources).toBe(0);
    const fresh = counted(Buffer.from("[2]"));
    expect(await cache.resourcesJson("account-1", fresh)).toEqual(Buffer.from("[2]"));
    expect(fresh.calls).toBe(1);
  });

  it("does not let a request after a change join a load that began before it", async () => {
    const cache = new ReadCache();
    cache.setListening(true);
    const stale = deferred(Buffer.from("[1]"));
    const first = cache.resourcesJson("account-1", stale.load);
    cache.clear();
    const second = cache.resourcesJson("account-1", counted(Buffer.from("[2]")));
    stale.finish();
    expect([String(await first), String(await second)]).toEqual(["[1]", "[2]"]);
  });

  it("makes one query for concurrent misses of one key", async () => {
    const cache = new ReadCache();
    cache.setListening(true);
    const slow = deferred(record("a"));
    let calls = 0;
    const load = () => {
      calls++;
      return slow.load();
    };
    const answers = Promise.all([cache.token("a", load), cache.token("a", load), cache.token("a", load)]);
    slow.finish();
    expect(await answers).toEqual([record("a"), record("a"), record("a")]);
    expect(calls).toBe(1);
  });

  it("drops the oldest token records beyond its bound", async () => {
    const cache = new ReadCache({ maxTokens: 2 });
    cache.setListening(true);
    for (const key of ["a", "b", "c"]) await cache.token(key, counted(record(key)));
    expect(cache.counts.tokens).toBe(2);
    const again = counted(record("a"));
    await cache.token("a", again);
    expect(again.calls).toBe(1); // "a" was the oldest, so it went
    const kept = counted(record("c"));
    await cache.token("c", kept);
    expect(kept.calls).toBe(0);
  });

  it("keeps resources JSON within its size bounds, in bytes", async () => {
    const cache = new ReadCache({ maxResourceBytes: 10, maxResourceBytesEach: 6 });
    cache.setListening(true);
    await cache.resourcesJson("big", counted(Buffer.from("[1234567]"))); // 9 bytes: over the bound for one
    expect(cache.counts.resources).toBe(0);
    await cache.resourcesJson("one", counted(Buffer.from("[1234]")));
    await cache.resourcesJson("two", counted(Buffer.from("[5678]"))); // 12 in all: "one" goes
    expect(cache.counts.resources).toBe(1);
    const one = counted(Buffer.from("[1234]"));
    await cache.resourcesJson("one", one);
    expect(one.calls).toBe(1);
  });

  it("reads the former character bounds as byte bounds", async () => {
    const cache = new ReadCache({ maxResourceChars: 10, maxResourceCharsEach: 6 });
    cache.setListening(true);
    await cache.resourcesJson("big", counted(Buffer.from("[1234567]")));
    expect(cache.counts.resources).toBe(0);
    await cache.resourcesJson("one", counted(Buffer.from("[1234]")));
    expect(cache.counts.resources).toBe(1);
  });
});
