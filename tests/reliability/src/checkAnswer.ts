import { headerNames, methods, quoteInput, requestIdPattern, responseEnvelopeSchema } from "@wsafe/schema";
import type { TenantFixture } from "@wsafe/test-support";
import { findLeaks } from "./findLeaks.js";
import type { Answer } from "./httpsClient.js";
import type { Expectation } from "./oracle.js";
import type { RequestCase } from "./requestCase.js";

/** The verdict on one answer: what it was, and everything wrong with it. */
export interface Verdict {
  /** `ok`, an error identifier, `preflight` or `head`; `unparsed` when no envelope came back. */
  outcome: string;
  problems: string[];
}

const alphaMarkers = [
  "Alphaworks",
  "eq_alpha_",
  "res_alpha_",
  "SN-ALPHA",
  "u_alpha_1",
  "mf_alpha",
  "acc_alpha",
];

/** Everything the caller sent, decoded as far as it decodes, for telling echo from leak. */
export function requestText(request: RequestCase): string {
  let query = request.query ?? "";
  try {
    query = `${query}\n${decodeURIComponent(query)}`;
  } catch {
    // bad percent-encoding: the raw text is all there is
  }
  const body = request.body ? Buffer.from(request.body).toString("utf8") : "";
  return `${request.path}\n${query}\n${body}`;
}

// The suite's servers use the default prefix.
const names = headerNames();

function checkHeaders(answer: Answer, problems: string[], requestIds: Set<string> | undefined) {
  const id = answer.headers[names.requestId.toLowerCase()];
  if (id === undefined || !requestIdPattern.test(id))
    problems.push(`${names.requestId} is ${JSON.stringify(id)}`);
  else if (requestIds) {
    if (requestIds.has(id)) problems.push(`${names.requestId} ${id} was used twice`);
    requestIds.add(id);
  }
  const time = answer.headers[names.responseTime.toLowerCase()];
  if (time === undefined || !/^\d+$/.test(time))
    problems.push(`${names.responseTime} is ${JSON.stringify(time)}`);
}

/**
 * Checks one answer against the oracle's expectation and the whole-envelope rules of
 * The wire rules (`requestChecks` and `responseHeaders` of `@wsafe/schema`): HTTP 200, JSON content type, the envelope schema, an allowed
 * identifier, a description that names the parameter and leaks nothing, the result
 * schema of a success, `pretty` honoured exactly, and the response headers.
 *
 * @param requestIds - every request id seen so far; a repeat is a problem
 */
export function checkAnswer(
  request: RequestCase,
  expected: Expectation,
  answer: Answer,
  fixture: TenantFixture,
  requestIds?: Set<string>,
): Verdict {
  const problems: string[] = [];
  if (expected.kind === "preflight") {
    if (answer.status !== 204) problems.push(`pre-flight answered HTTP ${answer.status}, not 204`);
    if (answer.body.length > 0) problems.push(`pre-flight has a ${answer.body.length}-byte body`);
    if (!answer.headers["access-control-allow-origin"])
      problems.push("pre-flight lacks Access-Control-Allow-Origin");
    return { outcome: "preflight", problems };
  }
  checkHeaders(answer, problems, requestIds);
  if (answer.status !== 200) problems.push(`HTTP ${answer.status}, not 200`);
  if (answer.headers["content-type"] !== "application/json; charset=utf-8") {
    problems.push(`Content-Type is ${JSON.stringify(answer.headers["content-type"])}`);
  }
  if (expected.kind === "head") return { outcome: "head", problems };

  const text = answer.body.toString("utf8");
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    problems.push(`body is not JSON: ${text.slice(0, 200)}`);
    return { outcome: "unparsed", problems };
  }
  const envelope = responseEnvelopeSchema.safeParse(body);
  if (!envelope.success) {
    problems.push(`body is not the envelope: ${text.slice(0, 200)}`);
    return { outcome: "unparsed", problems };
  }
  const reply = envelope.data as { ok: boolean; error?: string; description?: string };
  const outcome = reply.ok ? "ok" : reply.error!;
  if (!expected.allowed.has(outcome as never)) {
    problems.push(`answered ${outcome}, the pipeline allows ${[...expected.allowed].join(" | ")}`);
  }
  const sent = requestText(request);
  const tokens = Object.values(fixture.tokens);
  if (reply.ok) {
    const method = expected.method ? methods[expected.method] : undefined;
    if (method && !method.result.safeParse(body).success)
      problems.push("success does not match the result schema");
    const foreign = expected.account === "alpha" ? fixture.betaMarkers : alphaMarkers;
    for (const leak of findLeaks(text, { never: tokens, foreign })) problems.push(`success shows ${leak}`);
  } else {
    if (typeof reply.description !== "string" || reply.description === "") {
      problems.push("failure without a description");
    } else {
      for (const leak of findLeaks(
        reply.description,
        { never: tokens, foreign: [...fixture.betaMarkers, ...alphaMarkers] },
        sent,
      )) {
        problems.push(`description leaks ${leak}: ${JSON.stringify(reply.description.slice(0, 200))}`);
      }
      if (
        outcome.startsWith("parameter_") &&
        outcome === [...expected.allowed][0] &&
        expected.parameter !== undefined &&
        // A long key is named by its quoted start (`quoteInput` of @wsafe/schema: at most
        // `quotedInputLimit` characters).
        !reply.description.includes(quoteInput(expected.parameter))
      ) {
        problems.push(
          `description ${JSON.stringify(reply.description)} does not name ${JSON.stringify(expected.parameter)}`,
        );
      }
    }
  }
  // `pretty` (from the `token_present` check on, `prettyFromCheck` of `@wsafe/schema`): indented with two spaces once the data decoded with pretty: true, else compact.
  const wantPretty = expected.pretty && outcome !== "request_data_invalid";
  const canonical = wantPretty ? JSON.stringify(body, null, 2) : JSON.stringify(body);
  if (text.trimEnd() !== canonical) {
    problems.push(`body is not ${wantPretty ? "pretty (2-space)" : "compact"} JSON: ${text.slice(0, 120)}`);
  }
  return { outcome, problems };
}
