import type { MethodName, Methods } from "@wsafe/schema";
import type { MethodOutcome } from "../methods/MethodHandler.js";
import type { PipelineServices } from "../services/createPipelineServices.js";
import type { TokenRecord } from "../store/TokenRecord.js";

/**
 * One request as the pipeline's checks see it: what arrived, and what each check that
 * passed learned (the method, the decoded data, the token), up to what the method's
 * handler answered. A check reads what the checks before it set.
 */
export interface RequestState {
  /** The HTTP method, e.g. `POST`. */
  readonly httpMethod: string;
  /** The URL path, without the query string. */
  readonly path: string;
  /** What follows `?` in the URL, or `""`. */
  readonly rawQuery: string;
  /** The raw POST body, if any. */
  readonly body: Buffer | undefined;
  /** Why the body could not be read (over the size limit, cut off), if so. */
  readonly bodyError: Error | undefined;
  /** The instant the request arrived (ms since the epoch). */
  readonly now: number;
  /**
   * The request data as a tRPC call decoded it (`/trpc`), not yet known to be an
   * object: its `request_data` step checks it. Absent on `/v1`, whose data is `body` or
   * `rawQuery`.
   */
  readonly input?: unknown;
  /** Set by `method_path`. */
  method?: MethodName;
  /** Set by `request_data`: the request data object, with null prototypes. */
  data?: Record<string, unknown>;
  /** Set by `token_present`: the token's secret as sent. */
  tokenSecret?: string;
  /** Set by `token_known`. */
  token?: TokenRecord;
  /** Set by `parameters`: the method's parameters, parsed. */
  params?: Methods[MethodName]["parsedParams"];
  /** Set by `method_lookups`: what the method's handler answered, or its promise of it. */
  outcome?: MethodOutcome<MethodName> | Promise<MethodOutcome<MethodName>>;
}

/** The services each step is given beside the request's state, listed where they are made. */
export type { PipelineServices } from "../services/createPipelineServices.js";

/**
 * One check of the pipeline: passes (returns, or resolves), or throws the `ApiError`
 * it answers with. Synchronous checks return nothing, so the runner awaits only the
 * ones that wait on something.
 */
export type RequestCheckStep = (state: RequestState, services: PipelineServices) => void | Promise<void>;
