import { errorResponseSchema, formatIssuePath, headerNames, requestIdPattern } from "@wsafe/schema";
import type { ApiResponse } from "./createClient.js";

const integerPattern = /^\d+$/;

/**
 * What a response breaks of the convention every /v1 answer follows: HTTP 200, a JSON
 * object body with boolean `ok`, `Content-Type: application/json`, a request id of 20 or
 * more letters and digits, an integer response time, and, for failures, the error
 * envelope (`ok: false`, a known `error`, a string `description`).
 *
 * @param response - the exchange
 * @param headerPrefix - the prefix of the two headers, `SVC` by default
 * @returns one line per problem; empty when the response conforms
 */
export function conventionProblems(response: ApiResponse, headerPrefix: string): string[] {
  const problems: string[] = [];
  if (response.status !== 200) problems.push(`HTTP status ${response.status}, expected 200`);
  problems.push(...headerProblems(response, headerPrefix));
  const type = response.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith("application/json"))
    problems.push(`Content-Type ${JSON.stringify(type)}, expected application/json`);
  const body = response.json;
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    problems.push(`body is not a JSON object: ${JSON.stringify(response.text.slice(0, 120))}`);
    return problems;
  }
  const ok = (body as { ok?: unknown }).ok;
  if (typeof ok !== "boolean") problems.push(`body.ok is ${JSON.stringify(ok)}, expected a boolean`);
  if (ok === false) {
    const parsed = errorResponseSchema.safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        problems.push(`error envelope: ${formatIssuePath(issue.path)}: ${issue.message}`);
    }
  }
  return problems;
}

/** The `{prefix}-Request-ID` and `{prefix}-Response-Time` headers every answer carries. */
export function headerProblems(response: ApiResponse, headerPrefix: string): string[] {
  const problems: string[] = [];
  const names = headerNames(headerPrefix);
  const id = response.headers.get(names.requestId);
  if (id === null) problems.push(`no ${names.requestId} header`);
  else if (!requestIdPattern.test(id))
    problems.push(`${names.requestId} ${JSON.stringify(id)} is not 20+ letters and digits`);
  const time = response.headers.get(names.responseTime);
  if (time === null) problems.push(`no ${names.responseTime} header`);
  else if (!integerPattern.test(time))
    problems.push(`${names.responseTime} ${JSON.stringify(time)} is not an integer`);
  return problems;
}
