import { describe, expect, it } from "vitest";
import { KeptAnswer } from "../results/KeptAnswer.js";
import { RawJsonResult } from "../results/RawJsonResult.js";
import { StreamedJsonResult } from "../results/StreamedJsonResult.js";
import { successBodyOf } from "./successBodyOf.js";

describe(successBodyOf, () => {
  it("gives a /trpc client the same object /v1 writes as bytes, for kept, streamed and plain results", async () => {
    expect(await successBodyOf(new RawJsonResult("resources", '[{"id":"r_1"}]') as never)).toEqual({
      ok: true,
      resources: [{ id: "r_1" }],
    });
    const streamed = new StreamedJsonResult(
      "equipments",
      async function* () {
        yield ['{"id":"eq_1"}'];
      },
      async () => '[{"id":"eq_1"}]',
    );
    expect(await successBodyOf(streamed as never)).toEqual({ ok: true, equipments: [{ id: "eq_1" }] });
    // A repeated idempotency key: the first answer as a server kept it, whatever its spacing.
    expect(await successBodyOf(new KeptAnswer('{"ok": true, "webhook": {"id": "wh_1"}}') as never)).toEqual({
      ok: true,
      webhook: { id: "wh_1" },
    });
    const plain = { ok: true, user: { id: "u_1" } };
    expect(await successBodyOf(plain as never)).toBe(plain);
  });
});
