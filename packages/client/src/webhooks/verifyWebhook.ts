import { hmacSignature } from "./hmacSignature.js";
import { timingSafeEqual } from "./timingSafeEqual.js";
import type { WebhookPayload } from "./WebhookPayload.js";
import { WebhookErrorCode, WsafeWebhookError } from "./WsafeWebhookError.js";

/** A delivery's headers: a `Headers` object (fetch, workers) or a plain record (Node's `req.headers`). */
export type WebhookHeadersInput = Headers | Readonly<Record<string, string | readonly string[] | undefined>>;

/** How {@link verifyWebhook} judges the delivery's timestamp. */
export interface VerifyWebhookOptions {
  /** How far the signing time may lie from now, in seconds; default 300 (5 minutes, as the spec). */
  readonly toleranceSeconds?: number;
  /** The instant to judge against; default now. */
  readonly now?: Date | number;
}

const defaultToleranceSeconds = 5 * 60;
const secretPrefix = "whsec_";

/**
 * Verifies a wsafe webhook delivery (Standard Webhooks, HMAC-SHA256) and returns its
 * payload: the three headers are present, `webhook-timestamp` lies within 5 minutes of
 * now, and one of the space-separated `v1` signatures of `webhook-signature` matches
 * `id.timestamp.body` under `secret` (compared in constant time). Built on WebCrypto: it
 * runs in Node ≥ 20, browsers, workers and edge runtimes, with no dependency.
 *
 * Pass the body exactly as it arrived, before any JSON parsing: the signature covers
 * those bytes. Use `webhook-id` (the event id) to drop repeats: a delivery may arrive
 * more than once.
 *
 * @param secret - the endpoint's secret, `whsec_…`, as `webhooks.create` answered it
 * @param headers - the request's headers: a `Headers` object or a plain record
 * @param rawBody - the raw body: a string, or its bytes (`Buffer`, `Uint8Array`, `ArrayBuffer`)
 * @param options - the timestamp tolerance, and the instant to judge against
 * @returns the payload, `{ type, timestamp, data }`, typed: `type` an `EventType`, `data`
 * the `Event` record (types of `@wsafe/schema`, nothing of it bundled)
 * @throws {@link WsafeWebhookError} whose `code` says why the delivery must not be trusted
 * @example
 * // A receiver on Node's own http server:
 * import { createServer } from "node:http";
 * import { verifyWebhook, WsafeWebhookError } from "@wsafe/client/webhooks";
 *
 * createServer(async (req, res) => {
 *   const chunks: Buffer[] = [];
 *   for await (const chunk of req) chunks.push(chunk);
 *   try {
 *     const { type, data } = await verifyWebhook(process.env.WSAFE_WEBHOOK_SECRET!, req.headers, Buffer.concat(chunks));
 *     // webhook-id is the event's id: the same on every attempt, so a repeat can be dropped.
 *     console.log(req.headers["webhook-id"], type, data.equipment_id, data.schedule_id ?? "", data.from, "->", data.to);
 *     res.writeHead(204).end();
 *   } catch (err) {
 *     if (!(err instanceof WsafeWebhookError)) throw err;
 *     res.writeHead(400).end(err.code); // signature_invalid, timestamp_too_old, …
 *   }
 * }).listen(3000);
 * @see https://docs.wsafe.dev/webhooks/
 */
export async function verifyWebhook(
  secret: string,
  headers: WebhookHeadersInput,
  rawBody: string | Uint8Array | ArrayBuffer,
  options: VerifyWebhookOptions = {},
): Promise<WebhookPayload> {
  const key = decodeSecret(secret);
  const id = header(headers, "webhook-id");
  const timestamp = header(headers, "webhook-timestamp");
  const signatures = header(headers, "webhook-signature");
  if (!id || !timestamp || !signatures) {
    throw new WsafeWebhookError(
      WebhookErrorCode.HeadersMissing,
      "webhook-id, webhook-timestamp and webhook-signature are all required",
    );
  }

  if (!/^[0-9]{1,15}$/.test(timestamp)) {
    throw new WsafeWebhookError(
      WebhookErrorCode.TimestampInvalid,
      "webhook-timestamp is not integer seconds",
    );
  }
  const signedAt = Number(timestamp);
  const now = Math.floor(Number(options.now ?? Date.now()) / 1000);
  const tolerance = options.toleranceSeconds ?? defaultToleranceSeconds;
  if (now - signedAt > tolerance) {
    throw new WsafeWebhookError(WebhookErrorCode.TimestampTooOld, `signed more than ${tolerance} s ago`);
  }
  if (signedAt - now > tolerance) {
    throw new WsafeWebhookError(WebhookErrorCode.TimestampTooNew, `signed more than ${tolerance} s ahead`);
  }

  const body = typeof rawBody === "string" ? new TextEncoder().encode(rawBody) : new Uint8Array(rawBody);
  // Signed over the number, not the header's text: what every Standard Webhooks library does.
  const expected = await hmacSignature(key, `${id}.${signedAt}.`, body);
  let matched = false;
  for (const versioned of signatures.split(" ")) {
    const [version, signature] = versioned.split(",");
    // Every candidate is compared, so the time taken does not say which one matched.
    if (version === "v1" && signature !== undefined && timingSafeEqual(signature, expected)) matched = true;
  }
  if (!matched) {
    throw new WsafeWebhookError(WebhookErrorCode.SignatureInvalid, "no v1 signature matches this secret");
  }
  return parsePayload(body);
}

function decodeSecret(secret: string): Uint8Array<ArrayBuffer> {
  // Only text is a secret: atob turns anything else into text first, and `null`, `true`
  // or `1234` read as base64 would give a key anyone can compute (a forged delivery
  // would verify for a receiver whose configuration left its secret null).
  if (typeof secret !== "string")
    throw new WsafeWebhookError(WebhookErrorCode.SecretInvalid, "the secret is not whsec_ and base64");
  const encoded = secret.startsWith(secretPrefix) ? secret.slice(secretPrefix.length) : secret;
  let binary = "";
  try {
    binary = atob(encoded);
  } catch {
    // atob's message is generic; the secret itself is never quoted.
  }
  if (!binary)
    throw new WsafeWebhookError(WebhookErrorCode.SecretInvalid, "the secret is not whsec_ and base64");
  return Uint8Array.from(binary, (character) => character.charCodeAt(0));
}

function header(headers: WebhookHeadersInput, name: string): string | undefined {
  if (typeof (headers as Headers).get === "function") return (headers as Headers).get(name) ?? undefined;
  for (const [key, value] of Object.entries(headers as Record<string, unknown>)) {
    if (key.toLowerCase() !== name) continue;
    // Node joins repeated headers with ", "; a record built by hand may hold an array.
    return Array.isArray(value) ? value.join(", ") : typeof value === "string" ? value : undefined;
  }
  return undefined;
}

function parsePayload(body: Uint8Array): WebhookPayload {
  let payload: unknown;
  try {
    payload = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(body));
  } catch {
    // Not UTF-8 or not JSON: `payload` stays undefined, which the next check refuses.
  }
  const shaped = payload as Partial<WebhookPayload> | null | undefined;
  if (typeof shaped?.type !== "string" || typeof shaped.timestamp !== "string" || !("data" in shaped)) {
    throw new WsafeWebhookError(
      WebhookErrorCode.PayloadInvalid,
      "the body is not a wsafe payload ({ type, timestamp, data } JSON)",
    );
  }
  return shaped as WebhookPayload;
}
