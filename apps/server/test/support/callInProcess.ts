import type { MethodName } from "@wsafe/schema";
import { ApiError } from "../../src/errors/ApiError.js";
import { serializeBody } from "../../src/http/serializeBody.js";
import type { PipelineServices } from "../../src/pipeline/RequestState.js";
import { runRequestPipeline } from "../../src/pipeline/runRequestPipeline.js";
import { StreamedJsonResult } from "../../src/results/StreamedJsonResult.js";

// biome-ignore lint/suspicious/noExplicitAny: the tests look into bodies of every shape
type Body = any;

/**
 * Calls a method through the server's whole request pipeline, in this process, at an
 * instant of the test's choosing: the answer a POST at `now` gets, less the transport.
 * The suites that follow statuses along a timeline of their own use it, since a real
 * request is always served at the real now.
 *
 * @param services - the store, its events and a rate limiter
 * @param method - the method's wire name
 * @param data - the request data, token included
 * @param now - the request's instant (ms)
 * @returns the body as JSON, a failure envelope included
 */
export async function callInProcess(
  services: PipelineServices,
  method: MethodName,
  data: object,
  now: number,
): Promise<Body> {
  const state = {
    httpMethod: "POST",
    path: `/v1/${method}`,
    rawQuery: "",
    body: Buffer.from(JSON.stringify(data)),
    bodyError: undefined,
    now,
  };
  try {
    const outcome = await runRequestPipeline(state, services);
    const result = outcome instanceof StreamedJsonResult ? await outcome.toRawJsonResult() : outcome;
    return JSON.parse(String(serializeBody(result, false)));
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, error: error.error, description: error.description };
    throw error;
  }
}
