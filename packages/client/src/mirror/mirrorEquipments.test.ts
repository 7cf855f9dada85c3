// The mirror's own logic, HTTP stubbed at the network edge: which cursor each call sends,
// how answers are applied, and what a read from the beginning removes. The whole loop
// against the real server is test/mirror.test.ts.
import type { Equipment } from "@wsafe/schema";
import { describe, expect, it } from "vitest";
import { createClient } from "../createClient.js";
import { ErrorCode } from "../errors/ErrorCode.js";
import { envelope, fakeFetch } from "../testing/fakeFetch.js";
import { type MirrorChange, mirrorEquipments } from "./mirrorEquipments.js";

const baseUrl = "https://wsafe.test";
const sent = (fetch: ReturnType<typeof fakeFetch>) =>
  fetch.calls.map((call) => JSON.parse(String(call.init.body)) as Record<string, unknown>);

/** An equipment record as the feed answers it; only `id` and `version` matter here. */
const equipment = (id: string, version = 1) =>
  ({ id, version, serialNumber: `SN-${id}` }) as unknown as Equipment;

const answer = (changes: [string, Equipment | null][], next: string, hasMore = false) =>
  envelope({
    ok: true,
    changes: changes.map(([id, record]) => ({ id, equipment: record })),
    next_cursor: next,
    has_more: hasMore,
  });

const expired = envelope({
  ok: false,
  error: "cursor_expired",
  description: "this cursor is older than the changes the service keeps",
});

describe(mirrorEquipments, () => {
  it("reads from the beginning until has_more is false and answers the last cursor", async () => {
    const fetch = fakeFetch(
      answer(
        [
          ["e1", equipment("e1")],
          ["e2", equipment("e2")],
        ],
        "c1",
        true,
      ),
      answer(
        [
          ["e3", equipment("e3")],
          ["e9", null],
        ],
        "c2",
      ),
    );
    const client = createClient({ baseUrl, token: "t", fetch });
    const result = await mirrorEquipments(client, { limit: 2 });
    expect([...result.register.keys()]).toEqual(["e1", "e2", "e3"]);
    expect(result).toMatchObject({ cursor: "c2", changes: 4, restarted: false });
    // A read: no idempotency key; the cursor of each answer in the next call.
    expect(sent(fetch)).toEqual([
      { limit: 2, token: "t" },
      { cursor: "c1", limit: 2, token: "t" },
    ]);
  });

  it("applies what changed since a cursor, in order, telling each change with what it replaced", async () => {
    const register = new Map([
      ["e1", equipment("e1")],
      ["e2", equipment("e2")],
      ["e3", equipment("e3")],
    ]);
    const fetch = fakeFetch(
      answer(
        [
          ["e2", equipment("e2", 2)],
          ["e3", null],
          ["e4", equipment("e4")],
        ],
        "c6",
      ),
    );
    const seen: MirrorChange[] = [];
    const result = await mirrorEquipments(createClient({ baseUrl, token: "t", fetch }), {
      register,
      cursor: "c5",
      onChange: (change) => {
        seen.push(change);
      },
    });
    expect(result.register).toBe(register);
    expect([...register.entries()]).toEqual([
      ["e1", equipment("e1")],
      ["e2", equipment("e2", 2)],
      ["e4", equipment("e4")],
    ]);
    expect(seen).toEqual([
      { id: "e2", equipment: equipment("e2", 2), previous: equipment("e2") },
      { id: "e3", equipment: null, previous: equipment("e3") },
      { id: "e4", equipment: equipment("e4"), previous: undefined },
    ]);
    expect(result).toMatchObject({ cursor: "c6", changes: 3, restarted: false });
    expect(sent(fetch)).toEqual([{ cursor: "c5", token: "t" }]);
  });

  it("keeps the cursor when nothing changed", async () => {
    const fetch = fakeFetch(answer([], "c5"));
    const register = new Map([["e1", equipment("e1")]]);
    const result = await mirrorEquipments(createClient({ baseUrl, token: "t", fetch }), {
      register,
      cursor: "c5",
    });
    expect(result).toMatchObject({ cursor: "c5", changes: 0 });
    expect([...register.keys()]).toEqual(["e1"]);
  });

  // Without a cursor the copy is replaced: an entry the register no longer names (retired
  // while the copy was not being kept) must not linger.
  it("removes from a copy read again from the beginning what the register no longer names", async () => {
    const register = new Map([
      ["e1", equipment("e1")],
      ["gone", equipment("gone")],
    ]);
    const fetch = fakeFetch(answer([["e1", equipment("e1", 3)]], "c1"));
    const seen: MirrorChange[] = [];
    await mirrorEquipments(createClient({ baseUrl, token: "t", fetch }), {
      register,
      onChange: (change) => {
        seen.push(change);
      },
    });
    expect([...register.entries()]).toEqual([["e1", equipment("e1", 3)]]);
    expect(seen.at(-1)).toEqual({ id: "gone", equipment: null, previous: equipment("gone") });
  });

  it("starts again from the beginning when the cursor expired, and removes what that read lacks", async () => {
    const register = new Map([
      ["e1", equipment("e1")],
      ["gone", equipment("gone")],
    ]);
    const fetch = fakeFetch(
      expired,
      answer([["e1", equipment("e1", 2)]], "c1", true),
      answer([["e5", equipment("e5")]], "c2"),
    );
    const result = await mirrorEquipments(createClient({ baseUrl, token: "t", fetch }), {
      register,
      cursor: "old",
    });
    expect(result).toMatchObject({ cursor: "c2", restarted: true, changes: 3 });
    expect([...register.keys()]).toEqual(["e1", "e5"]);
    expect(sent(fetch)).toEqual([
      { cursor: "old", token: "t" },
      { token: "t" },
      { cursor: "c1", token: "t" },
    ]);
  });

  it("throws any other refusal, and an expiry it cannot recover from, as the client's typed error", async () => {
    const invalid = envelope({
      ok: false,
      error: "parameter_invalid",
      description: "invalid parameter: cursor: not a cursor of equipments.changes",
    });
    const refused = fakeFetch(invalid);
    await expect(
      mirrorEquipments(createClient({ baseUrl, token: "t", fetch: refused }), { cursor: "x" }),
    ).rejects.toMatchObject({ code: ErrorCode.ApiError, error: "parameter_invalid" });
    // An expiry answered twice is not looped on.
    const twice = fakeFetch(expired, answer([], "c1", true), expired);
    await expect(
      mirrorEquipments(createClient({ baseUrl, token: "t", fetch: twice }), { cursor: "old" }),
    ).rejects.toMatchObject({ error: "cursor_expired" });
    expect(twice.calls).toHaveLength(3);
  });

  it("stops at a throwing onChange, keeping what it applied", async () => {
    const fetch = fakeFetch(
      answer(
        [
          ["e1", equipment("e1")],
          ["e2", equipment("e2")],
        ],
        "c1",
      ),
    );
    const register = new Map<string, Equipment>();
    await expect(
      mirrorEquipments(createClient({ baseUrl, token: "t", fetch }), {
        register,
        cursor: "c0",
        onChange: ({ id }) => {
          if (id === "e2") throw new Error("store down");
        },
      }),
    ).rejects.toThrow("store down");
    expect([...register.keys()]).toEqual(["e1", "e2"]);
  });
});
