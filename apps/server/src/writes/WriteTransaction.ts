import type { SqlParam } from "../store/queries/sqlParameters.js";
import type { StoreTransaction } from "./StoreTransaction.js";

/**
 * What a write works with: its own transaction, which `runWrite` opens for it and
 * commits when it answers. The write knows nothing of idempotency keys; it makes its
 * changes (its events through `EventWriter`, which takes this transaction) and answers.
 */
export interface WriteTransaction extends StoreTransaction {
  /**
   * The statements that close the write once its answer is known (what every write keeps
   * besides its own changes: its answer, under its key), as data-modifying statements
   * (`name AS (...)`) for the write's last statement. A write that ends in one writing
   * statement takes them into it and saves a round trip (`inspections.record` runs four
   * statements in all); for a write that does not ask, they run after it as one statement
   * of their own. The write must then answer `answer` itself.
   *
   * @param param - adds a parameter to that last statement
   * @param answer - the write's answer, exactly as it will answer it
   */
  closingSql(param: SqlParam, answer: object): string[];
}
