import type { PayloadProblem } from "@wsafe/schema";
import type { Sql } from "../database/Sql.js";
import type { DatasetShape } from "./checkDatasetShape.js";
import { type AccountMove, findAccountMoves } from "./findAccountMoves.js";
import { positionInDocument } from "./positionInDocument.js";
import { problemAt } from "./problemAt.js";
import type { KnownType } from "./readKnownReferences.js";

/** The records refused for a move to another account: causes that what follows from them is reported under. */
export interface MoveCauses {
  /** Each cause by its record, `<list>:<id>` (a token's by its index: its secret is never repeated). */
  byRecord: Map<string, PayloadProblem>;
  /** The causes, in the order they are reported. */
  list: PayloadProblem[];
}

/** The order moves are reported in: an equipment's move follows from its type's, so types go first. */
const order: AccountMove["list"][] = ["users", "resources", "equipmentTypes", "tokens", "equipments"];

/**
 * Finds the records the store holds under another account than the document gives them,
 * each a problem of its own, but for an equipment whose type moved: that one is a
 * consequence of its type's move, listed under it.
 *
 * @param sql - the store, read only; `undefined` for a store not made yet (nothing moves)
 * @param shape - the records to check, from `checkDatasetShape`
 * @param types - the known equipment types, which give an equipment its account
 */
export async function findMoveCauses(
  sql: Sql | undefined,
  shape: DatasetShape,
  types: ReadonlyMap<string, KnownType>,
): Promise<MoveCauses> {
  const { dataset, document } = shape;
  const moves = sql
    ? await findAccountMoves(
        sql,
        dataset,
        (i) => types.get(dataset.equipments[i]?.equipmentType_id ?? "")?.accountId,
      )
    : [];
  const byRecord = new Map<string, PayloadProblem>();
  const list: PayloadProblem[] = [];
  for (const move of moves.sort((a, b) => order.indexOf(a.list) - order.indexOf(b.list))) {
    const path = [
      move.list,
      positionInDocument(shape, move.list, move.index),
      move.list === "equipments" ? "equipmentType_id" : "account_id",
    ];
    const typeCause =
      move.list === "equipments"
        ? byRecord.get(`equipmentTypes:${dataset.equipments[move.index]!.equipmentType_id}`)
        : undefined;
    if (typeCause) {
      const consequence = problemAt(
        document,
        path,
        () => `already belongs to account ${move.owner} in the store`,
      );
      if (typeCause.consequences) typeCause.consequences.push(consequence);
      else typeCause.consequences = [consequence];
      continue;
    }
    const cause = problemAt(document, path, (field) => movedWording(move, field));
    byRecord.set(`${move.list}:${move.id ?? move.index}`, cause);
    list.push(cause);
  }
  return { byRecord, list };
}

/** What a moved record's problem says, and what to do: keep its account or give it another id. */
function movedWording(move: AccountMove, field: string): string {
  const never = "an import never moves a record to another account";
  if (move.list === "tokens")
    return `this token already belongs to account ${move.owner} in the store; an import never moves a token to another account (this file says ${move.wanted})`;
  if (move.list === "equipments")
    return `already belongs to account ${move.owner} in the store, and its \`${field}\` is of account ${move.wanted}; ${never}: give it a type of ${move.owner}, or another id`;
  return `already belongs to account ${move.owner} in the store; ${never} (this file says ${move.wanted}): keep \`${field}\` ${move.owner}, or give it another id`;
}
