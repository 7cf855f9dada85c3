import { createHash, createHmac, timingSafeEqual } from "node:crypto";

/** A position in a walk: the values of the order's columns of the last record sent. */
export type PageKey = readonly (string | number)[];

/** What a cursor remembers of its walk. */
export interface CursorWalk {
  /** The method walked, e.g. `equipments.list`. */
  method: string;
  /** The account of the token that began the walk. */
  accountId: string;
  /** A fingerprint of the filters the walk began with (see {@link filtersFingerprint}). */
  filters: string;
  /** The instant statuses are computed at for the whole walk (ms), where the method has one. */
  instant: number | undefined;
  /** The page size the walk began with: the default for later pages. */
  limit: number;
}

/** A cursor's content: its walk and where the next page starts. */
export interface CursorContent extends CursorWalk {
  after: PageKey;
}

const version = "v1";
const macBytes = 16;

const encode = (text: string) => Buffer.from(text).toString("base64url");
const mac = (secret: Buffer, payload: string) =>
  createHmac("sha256", secret).update(payload).digest().subarray(0, macBytes);

/**
 * A short, stable fingerprint of a walk's filters: a cursor used with other filters
 * than its walk began with is refused.
 *
 * @param filters - the filters, JSON-serialisable, in a normal form (sorted sets)
 */
export function filtersFingerprint(filters: unknown): string {
  return createHash("sha256").update(JSON.stringify(filters)).digest("base64url").slice(0, 16);
}

/**
 * Writes a cursor: its content as base64url JSON and a truncated HMAC-SHA256 of it
 * under the store's secret. Opaque to callers; only a server of the same store can
 * have written one that {@link readCursor} accepts.
 *
 * @param secret - the store's cursor secret
 * @param content - the walk and the position after the page just sent
 */
export function writeCursor(secret: Buffer, content: CursorContent): string {
  const payload = encode(
    JSON.stringify([
      content.method,
      content.accountId,
      content.filters,
      content.instant ?? null,
      content.limit,
      content.after,
    ]),
  );
  return `${version}.${payload}.${mac(secret, payload).toString("base64url")}`;
}

/**
 * Reads a cursor written by {@link writeCursor} under the same secret; `undefined` for
 * anything else: malformed, altered, or signed by another store.
 *
 * @param secret - the store's cursor secret
 * @param cursor - the `cursor` parameter as sent
 */
export function readCursor(secret: Buffer, cursor: string): CursorContent | undefined {
  const [prefix, payload, signature, ...rest] = cursor.split(".");
  if (prefix !== version || !payload || !signature || rest.length > 0) return undefined;
  // Compared as text: base64url's last character carries unused bits, so two spellings
  // can decode to the same bytes; only the one this store writes is a cursor.
  const expected = Buffer.from(mac(secret, payload).toString("base64url"));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const [method, accountId, filters, instant, limit, after] = JSON.parse(
    Buffer.from(payload, "base64url").toString("utf8"),
  ) as [string, string, string, number | null, number, PageKey];
  return { method, accountId, filters, instant: instant ?? undefined, limit, after };
}
