import { type Dataset, describeProblems, type PayloadProblem, validate } from "@wsafe/schema";
import type { DatasetStream } from "./DatasetStream.js";
import { type DatasetList, datasetLists } from "./datasetLists.js";
import { referenceView } from "./referenceView.js";

export type { DatasetList } from "./datasetLists.js";

/** What {@link checkDatasetShape} found: the records that can be checked further, and the shape's problems. */
export interface DatasetShape {
  /**
   * The records to check further: every record, defaults applied, when `problems` is
   * empty; else the well-formed ones and what the reference check can use of the
   * others (see `referenceView`).
   */
  dataset: Dataset;
  /** The schema's problems, worded for people and naming records by id; empty for a dataset. */
  problems: PayloadProblem[];
  /** The decoded document, which problems name records from (by id, else by position). */
  document: unknown;
  /**
   * Per list, where each record of `dataset` stands in the document; absent when
   * `dataset` holds every record, at the same positions.
   */
  positions?: Partial<Record<DatasetList, number[]>>;
  /**
   * Ids of records left out because even their place is broken (a user without an
   * `account_id`). A reference to one is neither reported missing nor checked for its
   * account: the record's own problem says enough.
   */
  malformedIds?: { accounts: Set<string>; users: Set<string>; equipmentTypes: Set<string> };
  /**
   * A streamed file's strings holding U+0000, found as it was read: `checkReferences`
   * takes these instead of walking `document`, which holds ids only.
   */
  nulCharacters?: PayloadProblem[];
  /**
   * A streamed file's schedules whose `expiringOn` is after their `expiresOn`, found as
   * it was read (`misorderedSchedules`): `dataset` keeps no dates to find them later.
   */
  misorderedSchedules?: string[];
  /**
   * A streamed file: `dataset` and `document` then hold each record's ids only
   * (`compactRecord`), and the records to write are read again from here.
   */
  stream?: DatasetStream;
}

const idOf = (record: unknown): string | undefined => {
  const id = record && typeof record === "object" ? (record as { id?: unknown }).id : undefined;
  return typeof id === "string" ? id : undefined;
};

/**
 * Validates a decoded document against the `Dataset` schema (zod's compiled fast path:
 * about a second for 100 000 equipment on a busy machine), and when it fails, keeps
 * what the reference check can still use, so that an import reports every problem of
 * the file in one run. Before, a missing field hid a broken reference until it was fixed.
 *
 * @param document - the decoded JSON document
 * @example
 * const shape = checkDatasetShape(JSON.parse(text));
 * if (shape.problems.length > 0) console.error(formatProblems(shape.problems));
 */
export function checkDatasetShape(document: unknown): DatasetShape {
  const whole = validate("Dataset", document);
  if (whole.ok) return { dataset: whole.value, problems: [], document };
  const problems = describeProblems("Dataset", document);
  // The records each problem is in: `equipments[2]...` is the third equipment.
  const broken = new Map<DatasetList, Set<number>>();
  for (const problem of problems) {
    const match = /^(\w+)\[(\d+)\]/.exec(problem.path);
    if (match && datasetLists.includes(match[1] as DatasetList)) {
      const list = match[1] as DatasetList;
      if (!broken.has(list)) broken.set(list, new Set());
      broken.get(list)!.add(Number(match[2]));
    }
  }
  const source = document && typeof document === "object" && !Array.isArray(document) ? document : {};
  const dataset = {} as Record<DatasetList, unknown[]>;
  const positions: Partial<Record<DatasetList, number[]>> = {};
  const malformedIds = {
    accounts: new Set<string>(),
    users: new Set<string>(),
    equipmentTypes: new Set<string>(),
  };
  for (const list of datasetLists) {
    const records = (source as Record<string, unknown>)[list];
    if (!Array.isArray(records)) {
      dataset[list] = [];
      continue;
    }
    const skip = broken.get(list) ?? new Set<number>();
    const good = records.flatMap((_, index) => (skip.has(index) ? [] : [index]));
    // The compiled Dataset check, given this one list: every record without a problem
    // passed inside the document, so it passes alone (none are kept should it not).
    const parsed = validate("Dataset", { [list]: good.map((index) => records[index]) });
    const kept = parsed.ok ? good.map((position, at) => ({ position, record: parsed.value[list][at] })) : [];
    for (const position of skip) {
      const view = referenceView(list, records[position]);
      if (view) kept.push({ position, record: view });
      else if (list in malformedIds) {
        const id = idOf(records[position]);
        if (id !== undefined) malformedIds[list as keyof typeof malformedIds].add(id);
      }
    }
    kept.sort((a, b) => a.position - b.position);
    dataset[list] = kept.map((entry) => entry.record);
    positions[list] = kept.map((entry) => entry.position);
  }
  return { dataset: dataset as unknown as Dataset, problems, document, positions, malformedIds };
}
