import type { Equipment, MethodResult } from "@wsafe/schema";
import type { CallOptions } from "../ClientOptions.js";
import { isWsafeApiError } from "../errors/isWsafeApiError.js";
import type { WsafeClient } from "../WsafeClient.js";

/**
 * One change a mirror applied to its copy: the equipment as the service answers it now, or
 * `null` once it left the register (retired, or never visible to the token), beside what
 * the copy held before (`undefined` when it held nothing under that id).
 *
 * @example
 * const log = ({ id, equipment, previous }: MirrorChange) =>
 *   console.log(equipment ? (previous ? "~" : "+") : "-", id);
 */
export interface MirrorChange {
  /** The equipment's `id`. */
  id: string;
  /** The equipment as `equipments.list` returns it at the answer's instant; null when gone. */
  equipment: Equipment | null;
  /** What the copy held under `id` before this change. */
  previous: Equipment | undefined;
}

/**
 * What {@link mirrorEquipments} takes: the copy and where it is, and the options of each call.
 *
 * @example
 * const options: MirrorOptions = { register, cursor: saved.cursor, onChange: (change) => db.apply(change) };
 */
export interface MirrorOptions extends CallOptions {
  /** The copy to keep in step, id → equipment. Omitted: a new `Map`. */
  register?: Map<string, Equipment>;
  /**
   * Where the copy is: the `cursor` the previous mirror returned. Omitted: from the
   * beginning, and the copy is replaced (what it held and the register lacks is removed).
   */
  cursor?: string | undefined;
  /** Most changes per call of `equipments.changes` (1 to 1 000; the service's default when omitted). */
  limit?: number;
  /**
   * Called after each change is applied to `register`, in the feed's order, and awaited:
   * write it to your own store here. A throw stops the mirror (the copy keeps what was
   * applied; mirror again from the cursor you last saved).
   */
  onChange?: (change: MirrorChange) => void | Promise<void>;
}

/**
 * What {@link mirrorEquipments} answers: the copy, up to date at the last answer's instant,
 * and the cursor to mirror from next time.
 *
 * @example
 * const { cursor, changes } = await mirrorEquipments(client, { register, cursor: saved });
 */
export interface MirrorResult {
  /** The copy: exactly what `equipments.list` over every type with `service_type: "all"` returns. */
  register: Map<string, Equipment>;
  /** `next_cursor` of the last answer: save it and pass it as `cursor` next time. */
  cursor: string;
  /** How many changes were applied (`onChange` calls). */
  changes: number;
  /**
   * True when the service no longer kept what happened since `cursor` (`cursor_expired`):
   * the mirror read the whole register again and removed what the copy held beyond it.
   */
  restarted: boolean;
}

/**
 * Keeps a copy of the register exact: calls `equipments.changes` from `cursor` until
 * `has_more` is false, putting each changed equipment in `register` and deleting each one
 * that left it, and answers the cursor to go on from. Every call has the client's retries
 * and timeout (and the options' `signal`). Without a cursor, or when the service answers
 * `cursor_expired`, it reads the whole register and removes from the copy whatever that
 * read did not name, so the copy is exact either way.
 *
 * @param client - a client of `createClient`, with a token that has `read`
 * @param options - the copy, its cursor, and what to do with each change
 * @example
 * import { createClient } from "@wsafe/client";
 * import { mirrorEquipments } from "@wsafe/client/mirror";
 *
 * const client = createClient({ baseUrl: "https://wsafe.example.com", token: process.env.WSAFE_TOKEN! });
 * const register = new Map();
 * let { cursor } = await mirrorEquipments(client, { register });
 * // Later, and again every few minutes: only what changed since.
 * ({ cursor } = await mirrorEquipments(client, {
 *   register,
 *   cursor,
 *   onChange: ({ id, equipment }) => console.log(equipment ? "put" : "delete", id),
 * }));
 * @see https://docs.wsafe.dev/register/#the-mirror
 */
export async function mirrorEquipments(
  client: Pick<WsafeClient, "call">,
  options: MirrorOptions = {},
): Promise<MirrorResult> {
  const { register = new Map<string, Equipment>(), cursor, limit, onChange, ...callOptions } = options;
  let next = cursor;
  let restarted = false;
  let changes = 0;
  // A read from the beginning names every equipment of the register: what the copy holds
  // beyond it left the register while nobody was looking.
  let seen = next === undefined ? new Set<string>() : undefined;
  const apply = async (change: MirrorChange) => {
    if (change.equipment) register.set(change.id, change.equipment);
    else register.delete(change.id);
    changes++;
    await onChange?.(change);
  };
  for (;;) {
    let page: MethodResult<"equipments.changes">;
    try {
      const params = { ...(next !== undefined && { cursor: next }), ...(limit !== undefined && { limit }) };
      page = await client.call("equipments.changes", params, callOptions);
    } catch (error) {
      // Once only: a cursor of the read from the beginning cannot have expired before it ends.
      if (restarted || next === undefined || !isWsafeApiError(error) || error.error !== "cursor_expired")
        throw error;
      restarted = true;
      next = undefined;
      seen = new Set();
      continue;
    }
    for (const { id, equipment } of page.changes) {
      seen?.add(id);
      await apply({ id, equipment, previous: register.get(id) });
    }
    next = page.next_cursor;
    if (!page.has_more) break;
  }
  if (seen)
    for (const [id, previous] of [...register])
      if (!seen.has(id)) await apply({ id, equipment: null, previous });
  return { register, cursor: next, changes, restarted };
}
