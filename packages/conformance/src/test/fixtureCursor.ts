import { createHmac, randomBytes } from "node:crypto";
import type { Fault } from "./Fault.js";
import type { Owner } from "./fixtureRecords.js";

/** A position in a walk: the values of the order's fields of the last record sent. */
export type PageKey = readonly (string | number)[];

/** What a cursor remembers: its walk, and where the next page starts. */
export interface CursorContent {
  method: string;
  owner: Owner;
  /** The walk's filters in a normal form (JSON). */
  filters: string;
  /** The walk's instant, for a method that computes statuses. */
  instant: number | undefined;
  /** The walk's first page size: later pages without `limit` keep it. */
  limit: number;
  after: PageKey;
}

/** Writes and reads the fixture's cursors. */
export interface CursorCodec {
  write(content: CursorContent): string;
  /** The content of a cursor this server wrote, untouched; undefined for anything else. */
  read(cursor: string): CursorContent | undefined;
}

/**
 * The fixture's cursors: base64url JSON signed with a truncated HMAC-SHA256 under a
 * secret of the running server, as our own server writes them. With `cursor-unsigned`
 * the signature is written but never checked.
 *
 * @param fault - the fixture's one fault
 */
export function fixtureCursor(fault?: Fault): CursorCodec {
  const secret = randomBytes(32);
  const sign = (payload: string) =>
    createHmac("sha256", secret).update(payload).digest().subarray(0, 16).toString("base64url");
  return {
    write(content) {
      const { method, owner, filters, instant, limit, after } = content;
      const payload = Buffer.from(
        JSON.stringify([method, owner, filters, instant ?? null, limit, after]),
      ).toString("base64url");
      return `v1.${payload}.${sign(payload)}`;
    },
    read(cursor) {
      const [version, payload, signature, ...rest] = cursor.split(".");
      if (version !== "v1" || !payload || !signature || rest.length > 0) return undefined;
      if (fault !== "cursor-unsigned" && signature !== sign(payload)) return undefined;
      try {
        const [method, owner, filters, instant, limit, after] = JSON.parse(
          Buffer.from(payload, "base64url").toString("utf8"),
        ) as [string, Owner, string, number | null, number, PageKey];
        if (!Array.isArray(after) || typeof limit !== "number") return undefined;
        return { method, owner, filters, instant: instant ?? undefined, limit, after };
      } catch {
        return undefined;
      }
    },
  };
}
