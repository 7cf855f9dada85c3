import type { MethodName, MethodResult, Methods } from "@wsafe/schema";
import type { KeptAnswer } from "../results/KeptAnswer.js";
import type { RawJsonResult } from "../results/RawJsonResult.js";
import type { StreamedJsonResult } from "../results/StreamedJsonResult.js";
import type { PipelineServices } from "../services/createPipelineServices.js";
import type { TokenRecord } from "../store/TokenRecord.js";

/**
 * What a method's handler works with, besides its parameters: every check before it
 * passed. The services come whole, as the server made them, so that a new service
 * reaches every handler with no change here or in the pipeline.
 */
export interface MethodCall {
  /** The store, its events, the webhooks, the inspections: every service of the server. */
  readonly services: PipelineServices;
  /** The caller's token, known, active, of an active account, within its limit, permitted. */
  readonly token: TokenRecord;
  /** The instant the request arrived (ms since the epoch): statuses are computed at it. */
  readonly now: number;
}

/** The one field of a method's success body besides `ok`, e.g. `equipments`. */
export type ResultField<Name extends MethodName> = Exclude<keyof MethodResult<Name>, "ok"> & string;

/**
 * What a handler answers: the success body itself, or its one field as JSON text the
 * database built (whole, or in chunks while it is sent), or, for a write's repeated
 * `idempotency_key`, the first answer's body as kept.
 */
export type MethodOutcome<Name extends MethodName> =
  | MethodResult<Name>
  | KeptAnswer
  | RawJsonResult<ResultField<Name>>
  | StreamedJsonResult<ResultField<Name>>;

/**
 * A method's own work, row `method_lookups` of the pipeline: it gets the parameters as
 * checked (defaults applied) and answers the success body, or throws an `ApiError` with
 * one of the method's own identifiers (`content_not_found`). A handler that finds its
 * answer in memory (`resources.list` from the read cache) answers it synchronously,
 * so the request waits on no promise; one that asks the database answers a promise.
 */
export type MethodHandler<Name extends MethodName> = (
  params: Methods[Name]["parsedParams"],
  call: MethodCall,
) => MethodOutcome<Name> | Promise<MethodOutcome<Name>>;

/** One handler per method of the registry, keyed by wire name. */
export type MethodHandlers = { readonly [Name in MethodName]: MethodHandler<Name> };
