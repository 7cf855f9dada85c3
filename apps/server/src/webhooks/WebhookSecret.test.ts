import { Writable } from "node:stream";
import { inspect } from "node:util";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { WebhookSecret, webhookSecretBytes } from "./WebhookSecret.js";

/** A real pino logger writing into an array of lines. */
function capturingLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString("utf8"));
      done();
    },
  });
  return { lines, logger: pino({ level: "trace" }, stream) };
}

describe(WebhookSecret, () => {
  it("generates whsec_ and the base64 of 32 random bytes, different each time", () => {
    const values = Array.from({ length: 50 }, () => WebhookSecret.generate().reveal());
    for (const value of values) {
      expect(value).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      expect(Buffer.from(value.slice(6), "base64")).toHaveLength(webhookSecretBytes);
    }
    expect(new Set(values).size).toBe(values.length);
  });

  it("wraps a stored secret of 24 to 64 bytes and gives it back unchanged", () => {
    for (const size of [24, 32, 48, 64]) {
      const value = `whsec_${Buffer.alloc(size, 7).toString("base64")}`;
      expect(WebhookSecret.from(value).reveal()).toBe(value);
    }
    const generated = WebhookSecret.generate().reveal();
    expect(WebhookSecret.from(generated).reveal()).toBe(generated);
  });

  it.each([
    ["no prefix", Buffer.alloc(32, 1).toString("base64")],
    ["another prefix", `whsk_${Buffer.alloc(32, 1).toString("base64")}`],
    ["23 bytes", `whsec_${Buffer.alloc(23, 1).toString("base64")}`],
    ["65 bytes", `whsec_${Buffer.alloc(65, 1).toString("base64")}`],
    ["unpadded base64", `whsec_${Buffer.alloc(32, 1).toString("base64").replace("=", "")}`],
    ["base64url", `whsec_${Buffer.alloc(32, 0xfb).toString("base64url")}=`],
    ["spaces", `whsec_ ${Buffer.alloc(32, 1).toString("base64")}`],
    ["nothing", ""],
  ])("refuses %s, without quoting the value", (_what, value) => {
    let error: unknown;
    try {
      WebhookSecret.from(value);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(TypeError);
    if (value.length > 6) expect(String((error as Error).message)).not.toContain(value.slice(6, 20));
  });

  it("never shows its value through JSON, inspect, console formatting or string conversion", () => {
    const secret = WebhookSecret.generate();
    const value = secret.reveal();
    const shown = [
      JSON.stringify({ secret }),
      JSON.stringify([secret]),
      inspect(secret),
      inspect({ endpoint: { secret } }, { depth: 10, showHidden: true }),
      `${secret}`,
      String(secret),
      `${"prefix "}${secret}`,
    ];
    for (const text of shown) {
      expect(text).not.toContain(value.slice(6));
      expect(text).toContain("whsec_…(hidden)");
    }
  });

  it("never reaches a pino log line, whichever way it is logged", () => {
    const { lines, logger } = capturingLogger();
    const secret = WebhookSecret.generate();
    logger.info({ secret }, "created");
    logger.info({ webhook: { id: "wh_1", secrets: [secret, WebhookSecret.generate()] } }, "rotated");
    logger.warn("attempt with %s", secret);
    logger.error({ err: new Error("failed"), secret }, "delivery failed");
    logger.child({ secret }).debug("child");
    expect(lines).toHaveLength(5);
    for (const line of lines) {
      expect(line).not.toContain(secret.reveal().slice(6));
      expect(line).toContain("whsec_…(hidden)");
    }
  });
});
