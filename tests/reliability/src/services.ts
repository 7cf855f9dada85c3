import { skipWithout } from "@wsafe/test-support";
import { recordFigure } from "./figures.js";

/**
 * Whether tests that need `service` must skip: says so loudly (`skipWithout` of
 * `@wsafe/test-support`) and puts the skip among the suite's figures, so a skip never
 * passes for a success there either.
 *
 * @param service - the service the tests need
 * @param what - the tests, for the warning and the figure
 */
export function warnIfMissing(service: "PostgreSQL" | "Redis", what: string): boolean {
  const skip = skipWithout(service, what);
  if (skip)
    recordFigure(
      `SKIPPED (${service === "PostgreSQL" ? "WSAFE_TEST_DATABASE_URL" : "WSAFE_TEST_REDIS_URL"} not set)`,
      what,
    );
  return skip;
}
