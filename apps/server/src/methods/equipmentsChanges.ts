import { changesPageSize, type EquipmentChange } from "@wsafe/schema";
import { cursorExpired, readChangesCursor, writeChangesCursor } from "../changes/changesCursor.js";
import { readChanges } from "../changes/readChanges.js";
import type { MethodHandler } from "./MethodHandler.js";

/**
 * `equipments.changes`: the account's equipment changed after the cursor (without one:
 * all of it), each as `equipments.list` renders it at the answer's instant or `null` once
 * retired, and the cursor to go on from.
 *
 * The cursor's `since` is how old a retirement it may still need: the answer's instant
 * when the answer brings the client up to date (whatever is retired later is retired
 * after it), and the previous cursor's while more changes wait (a retirement among them
 * may be as old as that). Retired rows are pruned with the events (`RetentionPruner`), so a
 * cursor whose `since` is older than the retention is refused as expired.
 */
export const equipmentsChanges: MethodHandler<"equipments.changes"> = async (
  params,
  { services: { store, events }, token, now },
) => {
  const secret = await store.cursorSecret();
  // Parameter checks first: a bad cursor answers before anything is read.
  const from =
    params.cursor === undefined ? undefined : readChangesCursor(secret, params.cursor, token.accountId);
  if (from && from.since < events.oldestKept(now)) throw cursorExpired(events.retentionMs);
  const after = from?.after ?? "0";
  const page = await readChanges(
    store.sql,
    { accountId: token.accountId, after, limit: params.limit ?? changesPageSize, now },
    events,
  );
  const changes: EquipmentChange[] = JSON.parse(page.json);
  const since = page.more ? (from?.since ?? page.instant) : page.instant;
  return {
    ok: true,
    changes,
    next_cursor: writeChangesCursor(secret, token.accountId, { after: page.last ?? after, since }),
    has_more: page.more,
  };
};
