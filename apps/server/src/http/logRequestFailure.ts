import type { StoreFault } from "../store/database/storeFault.js";
import type { StoreAvailability } from "../store/StoreAvailability.js";

/** The part of a logger a failure is logged through. */
interface ErrorLog {
  error(fields: object, message: string): void;
}

/** One request's failure, as {@link logRequestFailure} takes it. */
export interface RequestFailure {
  /** What failed. */
  cause: unknown;
  /** The store's fault, when `cause` is one (`storeFaultOf`). */
  fault: StoreFault | undefined;
  /** `performance.now()` when the request began. */
  startedAt: number;
  /** The request's id, where the logger does not carry it already. */
  requestId?: string;
  /** The line's words for a bug; default `request failed`. */
  message?: string;
}

/**
 * Logs why a request failed. A fault of the store (a full disk, a database gone) is
 * reported to the store's availability, which says it once when it begins and once when
 * it ends: a line with a stack trace for every request it refused (147 for a database
 * gone 20 s) hid the one line an operator needs. Anything else is a bug, logged in full.
 *
 * @param log - the request's logger
 * @param failure - what failed, and when the request began
 * @param availability - where a fault is reported; without it, a fault is logged in full too
 * @example
 * logRequestFailure(request.log, { cause, fault: storeFaultOf(cause), startedAt }, services.storeAvailability);
 */
export function logRequestFailure(
  log: ErrorLog,
  failure: RequestFailure,
  availability: StoreAvailability | undefined,
): void {
  const { cause, fault } = failure;
  if (fault !== undefined && availability !== undefined) {
    availability.refused(fault, cause, failure.startedAt);
    return;
  }
  const fields =
    failure.requestId === undefined ? { err: cause } : { requestId: failure.requestId, err: cause };
  log.error(fields, failure.message ?? "request failed");
}
