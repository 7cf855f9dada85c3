/**
 * The typed client of the /v1 wsafe workplace-safety Web API, for Node, browsers,
 * workers and edge runtimes. Response validation, which needs zod, is the separate
 * subpath `@wsafe/client/validate`.
 *
 * @example
 * import { createClient } from "@wsafe/client";
 * const client = createClient({ baseUrl: "https://wsafe.example.com", token: "…" });
 * const { user } = await client.users.info({ user: "u_ada" });
 *
 * @packageDocumentation
 */

export type { CallArgs, CallParams, CallResult, SelectedEquipment } from "./CallTypes.js";
export type {
  CallOptions,
  ClientOptions,
  ResponseValidator,
  RetryEvent,
  RetryOptions,
} from "./ClientOptions.js";
export { clientDefaults } from "./clientDefaults.js";
export { createClient } from "./createClient.js";
export { ErrorCode } from "./errors/ErrorCode.js";
export { isWsafeApiError } from "./errors/isWsafeApiError.js";
export { isWsafeError } from "./errors/isWsafeError.js";
export type { WsafeAbortError } from "./errors/WsafeAbortError.js";
export type { WsafeApiError } from "./errors/WsafeApiError.js";
export type { WsafeApiErrorOf } from "./errors/WsafeApiErrorOf.js";
export type { WsafeError } from "./errors/WsafeError.js";
export type { WsafeTimeoutError } from "./errors/WsafeTimeoutError.js";
export type { WsafeTransportError } from "./errors/WsafeTransportError.js";
export type { WsafeValidationError } from "./errors/WsafeValidationError.js";
export type { FetchInit, FetchLike, ResponseLike } from "./FetchLike.js";
export type {
  ColumnsPaginatedMethodName,
  FeedMethodName,
  PageField,
  PageItem,
  PageParams,
  Pages,
  Paginate,
  PaginatedMethodName,
} from "./Pages.js";
export { getMeta, type ResponseMeta, responseMeta, type WithMeta } from "./ResponseMeta.js";
export type { MethodFunction, MethodTree, WsafeClient } from "./WsafeClient.js";
