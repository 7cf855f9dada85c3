import type { PipelineServices } from "../pipeline/RequestState.js";

/** What every procedure call of a `/trpc` request works with, made once per HTTP request. */
export interface TrpcContext {
  /** The store and the rate limiter, the same as `/v1`'s. */
  readonly services: PipelineServices;
  /** The request's `SVC-Request-ID`, which a `server_error` quotes. */
  readonly requestId: string;
  /** The HTTP method it came with, for the record (tRPC's adapter has checked it). */
  readonly httpMethod: string;
  /** The instant it arrived (ms since the epoch): every call of a batch is evaluated at it. */
  readonly now: number;
  /** Cuts the request's connection: a stream the server ended whose reader takes nothing more. */
  readonly cut: () => void;
}
