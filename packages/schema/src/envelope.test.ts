import { describe, expect, it } from "vitest";
import * as z from "zod";
import { successEnvelope } from "./envelope.js";

describe(successEnvelope, () => {
  it("takes `ok: true` with the method's fields, and refuses a failure or a missing field", () => {
    const result = successEnvelope({ id: z.string() });
    expect(result.parse({ ok: true, id: "x" })).toEqual({ ok: true, id: "x" });
    expect(result.safeParse({ ok: false, id: "x" }).success).toBe(false);
    expect(result.safeParse({ ok: true }).success).toBe(false);
  });
});
