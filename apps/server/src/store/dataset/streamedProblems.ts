import { describeProblems, type PayloadProblem } from "@wsafe/schema";
import { type DatasetList, datasetLists } from "./datasetLists.js";

/**
 * Moves a problem found in a batch to the record's place in the file (`equipments[3]` →
 * `equipments[1003]`), so a streamed check words it as a whole-file check does.
 *
 * @param problem - as the schema worded it for the batch
 * @param list - the batch's list
 * @param start - the position in the file of the batch's first record
 * @example
 * placeProblem({ path: "equipments[3].id", record: "equipments[3]", message: "..." }, "equipments", 1000);
 */
export function placeProblem(problem: PayloadProblem, list: string, start: number): PayloadProblem {
  if (start === 0) return problem;
  // The record's own position, where the words give one: at the start of the path or
  // record, or quoted in the message (`equipments[0]` must be an object).
  const head = new RegExp(`(^|\`)${list}\\[(\\d+)\\]`, "g");
  const shift = (text: string) =>
    text.replace(head, (_, before: string, index: string) => `${before}${list}[${Number(index) + start}]`);
  return {
    ...problem,
    path: shift(problem.path),
    record: shift(problem.record),
    message: shift(problem.message),
  };
}

/**
 * Every problem of a streamed check in the order zod gives a whole document's: the top
 * level's (the outline's, a list named twice) and each list's, by list, then by position.
 *
 * @param skeleton - the file's top level with its lists left empty, as the reader outlines it
 * @param repeated - the top-level keys the file holds more than once
 * @param problems - the records' problems, each placed (`placeProblem`), in the order found
 */
export function orderedProblems(
  skeleton: unknown,
  repeated: readonly string[],
  problems: readonly PayloadProblem[],
): PayloadProblem[] {
  const outline = describeProblems("Dataset", skeleton);
  for (const key of repeated)
    outline.push({
      path: key,
      record: "",
      message: `\`${key}\` appears more than once at the top of the file, and JSON keeps only the last: put all its records in one list`,
    });
  return [...outline, ...problems]
    .map((problem, index) => ({ problem, index, rank: listRank(problem) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ problem }) => problem);
}

/** Where a problem stands among the others, as zod orders a whole document's: by list, then position. */
function listRank(problem: PayloadProblem): number {
  const key = /^(\w+)/.exec(problem.path)?.[1];
  // The document's own (an unknown key): zod finds them after the lists'.
  const rank = key === undefined ? -1 : datasetLists.indexOf(key as DatasetList);
  return rank < 0 ? datasetLists.length : rank;
}
