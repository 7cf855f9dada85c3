import { parseParams, quoteInput, requestLimits } from "@wsafe/schema";
import { ApiError } from "../errors/ApiError.js";
import { CorsPreflight } from "./CorsPreflight.js";
import { decodeRequestData } from "./decodeRequestData.js";
import { parseMethodPath } from "./parseMethodPath.js";
import type { Reads, Sets } from "./RequestFields.js";

/** Check `method_path`: the path is `/v1/<method>` of a registry method. */
export function checkMethodPath(state: Reads<"path"> & Sets<"method">): void {
  const method = parseMethodPath(state.path);
  if (!method) throw new ApiError("api_method_not_found", `no such method: ${quoteInput(state.path)}`);
  state.method = method;
}

/** Check `http_method`: GET or POST; OPTIONS is a CORS pre-flight. */
export function checkHttpMethod(state: Reads<"httpMethod">): void {
  if (state.httpMethod === "GET" || state.httpMethod === "POST") return;
  if (state.httpMethod === "OPTIONS") throw new CorsPreflight();
  throw new ApiError(
    "request_method_invalid",
    `HTTP method ${state.httpMethod} is not allowed; use GET or POST`,
  );
}

/**
 * The failure of a body Fastify could not read (over the size limit, cut off):
 * `request_data_invalid`, saying which.
 *
 * @param bodyError - what Fastify's body parser failed with
 */
export function unreadableBody(bodyError: Error): ApiError {
  const tooLarge = (bodyError as { code?: string }).code === "FST_ERR_CTP_BODY_TOO_LARGE";
  return new ApiError(
    "request_data_invalid",
    tooLarge ? `request body exceeds ${requestLimits.bodyBytes} bytes` : "request body could not be read",
    { cause: bodyError },
  );
}

/** Check `request_data`: the body or query string decodes to a JSON object. */
export function checkRequestData(
  state: Reads<"httpMethod" | "rawQuery" | "body" | "bodyError"> & Sets<"data">,
): void {
  if (state.bodyError) throw unreadableBody(state.bodyError);
  state.data = decodeRequestData(state.httpMethod, state.rawQuery, state.body);
}

/**
 * Check `parameters`: the request data holds the method's parameters, parsed by the
 * schema package's `parseParams` (its defaults applied), in the contract's order of
 * unexpected, missing, invalid. `/v1` and `/trpc` both run this very step.
 */
export function checkParameters(state: Reads<"method" | "data"> & Sets<"params">): void {
  const result = parseParams(state.method, state.data);
  if (!result.ok) throw new ApiError(result.error, result.description);
  state.params = result.params;
}
