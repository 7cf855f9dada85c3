import { formatProblems, type PayloadProblem } from "@wsafe/schema";

/** How many problems a {@link DatasetError}'s message lists; the rest are counted. */
export const listedProblems = 50;

/**
 * A dataset that cannot be imported, with every problem found, each naming its record
 * by id (`equipment "eq_h_0003": required field \`serialNumber\` missing`); problems
 * that only follow from another are listed under it. Nothing was written.
 */
export class DatasetError extends Error {
  /**
   * @param issues - every problem: the schema's, then the references' (each also has its
   *   positional `path`, `equipments[2].serialNumber`, for programs)
   */
  constructor(readonly issues: PayloadProblem[]) {
    const following = issues.reduce((sum, issue) => sum + (issue.consequences?.length ?? 0), 0);
    const count = `${issues.length} problem${issues.length === 1 ? "" : "s"}${following > 0 ? `, and ${following} that follow from ${issues.length === 1 ? "it" : "them"}` : ""}`;
    super(`invalid dataset (${count}):\n${formatProblems(issues, { limit: listedProblems })}`);
    this.name = "DatasetError";
  }
}
