import type { MethodName, Methods } from "@wsafe/schema";
import type { MethodOutcome } from "../methods/MethodHandler.js";
import type { TokenRecord } from "../store/TokenRecord.js";

/**
 * Every field a request's state can hold, by name: what arrived with the request, and
 * what a check establishes when it passes. A step names what it reads ({@link Reads})
 * and what it sets ({@link Sets}) from here; each lane's table says which check sets
 * which field (`V1Establishes`, `TrpcEstablishes`), so that a step can read only what the
 * checks before it set.
 */
export interface RequestFields {
  /** The HTTP method, e.g. `POST` (`/v1`). */
  readonly httpMethod: string;
  /** The URL path, without the query string (`/v1`). */
  readonly path: string;
  /** What follows `?` in the URL, or `""` (`/v1`). */
  readonly rawQuery: string;
  /** The raw POST body, if any (`/v1`). */
  readonly body: Buffer | undefined;
  /** Why the body could not be read (over the size limit, cut off), if so (`/v1`). */
  readonly bodyError: Error | undefined;
  /** The instant the request arrived (ms since the epoch). */
  readonly now: number;
  /**
   * The request data as a tRPC call decoded it (`/trpc`), not yet known to be an object:
   * its `request_data` step checks it.
   */
  readonly input: unknown;
  /** The method the request calls: its path names it (`/v1`), or its procedure (`/trpc`). */
  readonly method: MethodName;
  /** The request data object, with null prototypes (`request_data`). */
  readonly data: Record<string, unknown>;
  /** The token's secret as sent (`token_present`). */
  readonly tokenSecret: string;
  /** The token the store knows by that secret (`token_known`). */
  readonly token: TokenRecord;
  /** The method's parameters, parsed, its defaults applied (`parameters`). */
  readonly params: Methods[MethodName]["parsedParams"];
  /** What the method's handler answered, or its promise of it (`method_lookups`). */
  readonly outcome: MethodOutcome<MethodName> | Promise<MethodOutcome<MethodName>>;
}

/**
 * The fields a step reads, each set by the request's arrival or by a check before it.
 *
 * @example
 * function checkTokenActive(state: Reads<"token">): void {}
 */
export type Reads<Name extends keyof RequestFields> = Pick<RequestFields, Name>;

/**
 * The fields a step sets when it passes: writable, and empty until it does.
 *
 * @example
 * function checkTokenPresent(state: Reads<"data"> & Sets<"tokenSecret">): void {}
 */
export type Sets<Name extends keyof RequestFields> = { -readonly [Field in Name]?: RequestFields[Field] };
