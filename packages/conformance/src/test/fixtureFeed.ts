import { changesPageSize } from "@wsafe/schema";
import { Failure } from "./Failure.js";
import type { Fault } from "./Fault.js";
import type { CursorCodec } from "./fixtureCursor.js";
import type { AccountRecords, FixtureEquipment, Owner } from "./fixtureRecords.js";

type Params = Record<string, unknown>;
type Row = Record<string, unknown>;

/** An equipment rendered as `equipments.list` returns it at an instant. */
export type Render = (owner: Owner, equipment: FixtureEquipment, at: number) => Row;

/** What one account's feed holds: each equipment's latest change, and the retired ones' answers. */
interface AccountFeed {
  /** Id → the sequence of its latest change; in that order (a change moves an id last). */
  changed: Map<string, number>;
  /** Id → its retirement's answer and key, answered again to a second retirement. */
  retired: Map<string, { answer: Row; external_id: string | undefined }>;
}

/** The fixture's `equipments.changes`: where each change goes, and the answers. */
export interface FixtureFeed {
  /** Puts an equipment last in its account's feed. */
  touch(owner: Owner, id: string): void;
  /** Records a retirement: the equipment leaves the lists and answers null in the feed. */
  retire(owner: Owner, equipment: FixtureEquipment, answer: Row): void;
  /** The first answer of the retirement `params` names again, if it is retired. */
  retirement(owner: Owner, params: Params): Row | undefined;
  /** Answers `equipments.changes`. */
  answer(params: Params, owner: Owner, now: number): Row;
}

const day = 86_400_000;

/**
 * The feed of the fixture's register, by the contract's rules: from no cursor every
 * equipment of the account (live ones as the lists render them at the answer's instant,
 * retired ones null), each once per answer in the order of its latest change; a signed
 * cursor bound to its account. Account `a` starts with one equipment retired, so a read
 * from no cursor meets a null. The fixture's dates lie days away from its start, so no
 * status changes with time during a run and only writes and inspections move an
 * equipment in the feed.
 *
 * @param records - the two accounts' records
 * @param codec - the fixture's cursors
 * @param render - an equipment as the lists render it
 * @param fault - the fixture's one fault
 * @param now - the fixture's start: the retired equipment of account `a` left a day before
 */
export function fixtureFeed(
  records: Record<Owner, AccountRecords>,
  codec: CursorCodec,
  render: Render,
  fault: Fault | undefined,
  now: number,
): FixtureFeed {
  let sequence = 0;
  const feeds: Record<Owner, AccountFeed> = {
    a: { changed: new Map(), retired: new Map() },
    b: { changed: new Map(), retired: new Map() },
  };
  const touch = (owner: Owner, id: string) => {
    feeds[owner].changed.delete(id);
    feeds[owner].changed.set(id, ++sequence);
  };
  const [first] = records.a.equipments;
  if (first) {
    const equipment = {
      ...render("a", first, now - day),
      id: "eq_h_0000",
      external_id: "FX-RETIRED",
      version: 2,
    };
    feeds.a.retired.set("eq_h_0000", {
      answer: { ok: true, equipment, retired_at: now - day },
      external_id: "FX-RETIRED",
    });
    touch("a", "eq_h_0000");
  }
  for (const owner of ["a", "b"] as const)
    for (const equipment of records[owner].equipments) touch(owner, equipment.id);

  /** Where a cursor points: after this sequence; undefined from the beginning. */
  const after = (params: Params, owner: Owner): number => {
    if (params.cursor === undefined) return 0;
    const content = codec.read(String(params.cursor));
    const bound =
      content?.method === "equipments.changes" &&
      (content.owner === owner || fault === "cursor-not-bound-to-account");
    const at = content?.after[0];
    if (bound && typeof at === "number") return at;
    // A lenient server ignores an invalid cursor as it ignores any invalid parameter.
    if (fault === "invalid-ignored") return 0;
    throw new Failure("parameter_invalid", "invalid parameter: cursor: not a cursor of equipments.changes");
  };

  return {
    touch,
    retire(owner, equipment, answer) {
      feeds[owner].retired.set(equipment.id, { answer, external_id: equipment.external_id });
      touch(owner, equipment.id);
    },
    retirement(owner, params) {
      const { retired } = feeds[owner];
      if (params.id !== undefined) return retired.get(String(params.id))?.answer;
      // By key: as long as no equipment of the register took it since.
      if (records[owner].equipments.some((e) => e.external_id === params.external_id)) return undefined;
      return [...retired.values()].find((r) => r.external_id === params.external_id)?.answer;
    },
    answer(params, owner, now) {
      // With shared-answer, the other account reads the first's feed, cursors included.
      const reader = owner === "b" && fault === "shared-answer" ? "a" : owner;
      const from = after(params, reader);
      const limit = (params.limit as number | undefined) ?? changesPageSize;
      const waiting = [...feeds[reader].changed].filter(([, at]) => at > from);
      const taken = waiting.slice(0, limit);
      const changes = taken.map(([id]) => {
        const equipment = records[reader].equipments.find((e) => e.id === id);
        const retired = feeds[reader].retired.get(id)?.answer.equipment;
        if (!equipment) return { id, equipment: fault === "feed-retired-as-live" ? (retired ?? null) : null };
        const row = render(reader, equipment, now);
        return {
          id,
          equipment: fault === "invalid-result" && id === "eq_h_0001" ? { ...row, serialNumber: 42 } : row,
        };
      });
      if (fault === "feed-repeats-ids" && changes[0]) changes.push(changes[0]);
      const last = taken.at(-1)?.[1] ?? from;
      // Like our server's, a cursor carries the answer's instant: two asks never share one.
      const next_cursor = codec.write({
        method: "equipments.changes",
        owner: reader,
        filters: "",
        instant: now,
        limit: 0,
        after: [last],
      });
      return { ok: true, changes, next_cursor, has_more: waiting.length > taken.length };
    },
  };
}
