import type { ValidationIssue } from "../validate.js";

/**
 * One problem of a payload, worded for the person who has to fix it and located by the
 * record it is in: `equipment "eq_h_0003": required field \`serialNumber\` missing`.
 * It is a {@link ValidationIssue} (`path`, `message`) with the record named.
 *
 * @example
 * const problem: PayloadProblem = {
 *   path: "equipments[2].serialNumber",
 *   record: 'equipment "eq_h_0003"',
 *   message: "required field `serialNumber` missing",
 * };
 */
export interface PayloadProblem extends ValidationIssue {
  /**
   * The record it is in, named by its id where it has one (`equipment "eq_h_0003"`,
   * `equipment "eq_1", schedule "s_1"`), else by position (`equipments[2]`; tokens
   * always, their secret is never echoed); `""` for the document as a whole.
   */
  record: string;
  /** Problems that only follow from this one (references to a record an import refused), reported under it. */
  consequences?: PayloadProblem[];
}
