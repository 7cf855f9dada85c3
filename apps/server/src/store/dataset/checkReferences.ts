import type { PayloadProblem } from "@wsafe/schema";
import type { Sql } from "../database/Sql.js";
import type { DatasetShape } from "./checkDatasetShape.js";
import { findMoveCauses } from "./findMoveCauses.js";
import { findNulCharacters } from "./findNulCharacters.js";
import { readKnownReferences } from "./readKnownReferences.js";
import { reportDuplicateIds } from "./reportDuplicateIds.js";
import { reportExternalIdConflicts } from "./reportExternalIdConflicts.js";
import { reportUnresolvedReferences } from "./reportUnresolvedReferences.js";

/**
 * Checks what the schema cannot: every referenced id exists in the document or in the
 * store (accounts, equipment types, users in the same account), metavalue keys are
 * metafields of the equipment's type, ids are unique within the document, an
 * equipment's `external_id` is its alone within its account (file and store), no string
 * holds U+0000, and no record the store holds would move to another account. A record
 * refused for a move comes first, with what only follows from it grouped under it (a
 * user moved to another account made every equipment assigned to them fail too, and
 * was reported last, after six lines that it alone explained).
 *
 * @param sql - the store, read only; `undefined` for a store not made yet (nothing in it)
 * @param shape - the records to check, from `checkDatasetShape` (well-formed or not)
 * @returns every problem found, causes first, each naming its record by id
 */
export async function checkReferences(sql: Sql | undefined, shape: DatasetShape): Promise<PayloadProblem[]> {
  const problems: PayloadProblem[] = shape.nulCharacters ?? findNulCharacters(shape.document);
  reportDuplicateIds(shape, problems);
  const known = await readKnownReferences(sql, shape);
  // Moves are causes: found first, so that what follows from one is reported under it.
  const causes = await findMoveCauses(sql, shape, known.types);
  reportUnresolvedReferences(shape, known, causes.byRecord, problems);
  await reportExternalIdConflicts(sql, shape, known.types, problems);
  return [...causes.list, ...problems];
}
