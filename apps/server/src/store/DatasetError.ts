import type { ValidationIssue } from "@wsafe/schema";

/**
 * A dataset that cannot be imported, with every problem found and where
 * (`equipments[12].schedules[0].expiresOn: expected integer`). Nothing was written.
 */
export class DatasetError extends Error {
  /** @param issues - every problem, each with its path in the document */
  constructor(readonly issues: ValidationIssue[]) {
    super(
      `invalid dataset (${issues.length} problem${issues.length === 1 ? "" : "s"}):\n${issues
        .map((issue) => `  ${issue.path}: ${issue.message}`)
        .join("\n")}`,
    );
    this.name = "DatasetError";
  }
}
