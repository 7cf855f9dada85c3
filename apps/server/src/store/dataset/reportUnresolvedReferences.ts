import type { Dataset, PayloadProblem } from "@wsafe/schema";
import type { DatasetList, DatasetShape } from "./checkDatasetShape.js";
import { positionInDocument } from "./positionInDocument.js";
import { problemAt } from "./problemAt.js";
import type { KnownReferences } from "./readKnownReferences.js";

const nowhere = "which is neither in this file nor in the store";

/** What the reference checks read, and where they report. */
interface ReferenceCheck {
  shape: DatasetShape;
  known: KnownReferences;
  /** The move causes by record, which a reference that fails because of a move is reported under. */
  causes: ReadonlyMap<string, PayloadProblem>;
  problems: PayloadProblem[];
}

/**
 * Reports each reference that names nothing in the document or the store (an account, a
 * user, an equipment type), a user of another account, and a metavalue that is no
 * metafield of its equipment's type. A reference that fails because a record moved is
 * reported under that move, not on its own.
 *
 * @param shape - the records to check, from `checkDatasetShape`
 * @param known - what references may name (`readKnownReferences`)
 * @param causes - the records refused for a move, by record (`findMoveCauses`)
 * @param problems - where each problem that follows from no move is added
 */
export function reportUnresolvedReferences(
  shape: DatasetShape,
  known: KnownReferences,
  causes: ReadonlyMap<string, PayloadProblem>,
  problems: PayloadProblem[],
): void {
  const check: ReferenceCheck = { shape, known, causes, problems };
  const { dataset } = shape;
  checkAccounts(check, "tokens", dataset.tokens);
  checkAccounts(check, "users", dataset.users);
  checkAccounts(check, "resources", dataset.resources);
  checkAccounts(check, "equipmentTypes", dataset.equipmentTypes);
  dataset.resources.forEach((resource, index) => {
    const via = causes.get(`resources:${resource.id}`);
    for (const [v, version] of resource.versions.entries()) {
      const path = ["resources", positionInDocument(shape, "resources", index), "versions", v, "creator_id"];
      checkUser(check, path, version?.creator_id, resource.account_id, via);
    }
  });
  dataset.equipments.forEach((equipment, index) => {
    checkEquipment(check, equipment, index);
  });
}

/** Adds a problem to the list, or under the move that explains it. */
function report(check: ReferenceCheck, problem: PayloadProblem, cause?: PayloadProblem): void {
  if (!cause) check.problems.push(problem);
  else if (cause.consequences) cause.consequences.push(problem);
  else cause.consequences = [problem];
}

function checkAccounts(
  check: ReferenceCheck,
  list: DatasetList,
  records: readonly { account_id: string }[],
): void {
  records.forEach((record, index) => {
    if (!check.known.accounts.has(record.account_id))
      report(
        check,
        problemAt(
          check.shape.document,
          [list, positionInDocument(check.shape, list, index), "account_id"],
          (field) => `\`${field}\` names account ${JSON.stringify(record.account_id)}, ${nowhere}`,
        ),
      );
  });
}

function checkUser(
  check: ReferenceCheck,
  path: PropertyKey[],
  id: unknown,
  accountId: string,
  via: PayloadProblem | undefined,
): void {
  if (typeof id !== "string" || check.shape.malformedIds?.users.has(id)) return;
  const { document } = check.shape;
  const owner = check.known.users.get(id);
  if (owner === undefined)
    report(
      check,
      problemAt(document, path, (field) => `\`${field}\` names user ${JSON.stringify(id)}, ${nowhere}`),
    );
  else if (owner !== accountId)
    report(
      check,
      problemAt(
        document,
        path,
        (field) => `\`${field}\` names user ${JSON.stringify(id)} of another account`,
      ),
      check.causes.get(`users:${id}`) ?? via,
    );
}

/** An equipment's type, its assigned users (of the type's account) and its metavalues' keys. */
function checkEquipment(
  check: ReferenceCheck,
  equipment: Dataset["equipments"][number],
  index: number,
): void {
  const { shape, known, causes } = check;
  const malformed = shape.malformedIds;
  const position = positionInDocument(shape, "equipments", index);
  const type = known.types.get(equipment.equipmentType_id);
  if (!type) {
    if (!malformed?.equipmentTypes.has(equipment.equipmentType_id))
      report(
        check,
        problemAt(
          shape.document,
          ["equipments", position, "equipmentType_id"],
          (field) =>
            `\`${field}\` names equipment type ${JSON.stringify(equipment.equipmentType_id)}, ${nowhere}`,
        ),
      );
    // Without its type the account is unknown, but a user that exists nowhere still is.
    for (const [u, id] of equipment.assignedUsers_id.entries())
      if (typeof id === "string" && !known.users.has(id) && !malformed?.users.has(id))
        checkUser(check, ["equipments", position, "assignedUsers_id", u], id, "", undefined);
    return;
  }
  const via =
    causes.get(`equipmentTypes:${equipment.equipmentType_id}`) ?? causes.get(`equipments:${equipment.id}`);
  for (const [u, id] of equipment.assignedUsers_id.entries())
    checkUser(check, ["equipments", position, "assignedUsers_id", u], id, type.accountId, via);
  for (const key of Object.keys(equipment.metavalues)) {
    if (!type.metafields.has(key))
      report(
        check,
        problemAt(
          shape.document,
          ["equipments", position, "metavalues", key],
          (field) =>
            `\`${field}\` is not a metafield of equipment type ${JSON.stringify(equipment.equipmentType_id)}`,
        ),
      );
  }
}
