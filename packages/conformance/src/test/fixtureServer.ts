// A small node:http implementation of the /v1 contract, for the kit's own tests. By
// default it conforms; each fault (Fault.ts) breaks exactly one rule, so a test can
// prove that the check for that rule fails (and the others keep passing). This file is
// the HTTP edge; the records, pages and answers are beside it.
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import {
  headerNames,
  isMethodName,
  jsonContentType,
  type MethodName,
  methods,
  parseParams,
} from "@wsafe/schema";
import { Failure } from "./Failure.js";
import type { Fault } from "./Fault.js";
import { fixtureAnswer } from "./fixtureAnswer.js";
import { fixtureCursor } from "./fixtureCursor.js";
import { fixtureInspections } from "./fixtureInspections.js";
import { fixturePages } from "./fixturePages.js";
import { fixtureRecords, type Owner } from "./fixtureRecords.js";
import { fixtureWebhooks, otherWebhookId } from "./fixtureWebhooks.js";

export type { Fault } from "./Fault.js";
export { fixtureWebhookId } from "./fixtureWebhooks.js";

/** The fixture's tokens: the two accounts' read tokens, and a write token of the first. */
export const fixtureTokens = {
  read: "fixture-token-account-a",
  write: "fixture-token-account-a-write",
  other: "fixture-token-account-b",
} as const;
/** Ids of the second account's records, by the parameter that takes them. */
export const fixtureOtherIds = {
  equipmentType_id: "et_other_account",
  user: "u_other",
  equipment_id: "eq_other_1",
  inspector_id: "u_other",
  webhook_id: otherWebhookId,
} as const;

const account = {
  [fixtureTokens.read]: "a",
  [fixtureTokens.write]: "a",
  [fixtureTokens.other]: "b",
} as Record<string, Owner>;

type Answer = ReturnType<typeof fixtureAnswer>;

/** With `invalid-ignored`: every invalid parameter dropped, as a lenient server would. */
function ignoringInvalid(method: MethodName, data: Record<string, unknown>) {
  let rest = data;
  for (let parsed = parseParams(method, rest); !parsed.ok; parsed = parseParams(method, rest)) {
    if (parsed.error !== "parameter_invalid") return undefined;
    const { [parsed.parameter]: _dropped, ...kept } = rest;
    rest = kept;
  }
  return parseParams(method, rest) as { ok: true; params: Record<string, unknown> };
}

function decode(request: IncomingMessage, body: string, fault?: Fault): Record<string, unknown> {
  const query = (request.url ?? "").split("?")[1] ?? "";
  let text: string;
  if (request.method === "GET") {
    try {
      text = decodeURIComponent(query);
    } catch {
      if (fault === "lenient-percent") return {};
      throw new Failure("request_data_invalid", "the query string is not valid percent-encoding");
    }
  } else text = body.replace(/^\uFEFF/, "");
  if (text.trim() === "") return {};
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    if (fault === "lenient-json") return {};
    throw new Failure("request_data_invalid", "the request data is not JSON");
  }
  if (Array.isArray(data) && fault === "lenient-json") return {};
  if (data === null || typeof data !== "object" || Array.isArray(data)) {
    throw new Failure("request_data_invalid", "the request data is not a JSON object");
  }
  return data as Record<string, unknown>;
}

function handle(
  request: IncomingMessage,
  body: string,
  answer: Answer,
  decoded: { pretty?: boolean },
  fault?: Fault,
): { body?: Record<string, unknown>; pretty?: boolean; status?: number } {
  const path = (request.url ?? "").split("?")[0]!;
  const match = (fault === "v2-accepted" ? /^\/v[12]\/([^/]+)$/ : /^\/v1\/([^/]+)$/).exec(path);
  if (!match || !isMethodName(match[1]!)) {
    throw new Failure(
      fault === "not-found-as-invalid-method" ? "request_method_invalid" : "api_method_not_found",
      `no such method: ${path}`,
    );
  }
  const method = match[1] as MethodName;
  if (request.method === "OPTIONS")
    return fault === "options-200" ? { body: { ok: true }, status: 200 } : { status: 204 };
  const verbs = fault === "other-verbs-accepted" ? ["GET", "POST", "PUT", "DELETE"] : ["GET", "POST"];
  if (!verbs.includes(request.method ?? ""))
    throw new Failure("request_method_invalid", `method not allowed: ${request.method}`);
  let data = decode(request, body, fault);
  const pretty = data.pretty === true && fault !== "pretty-ignored";
  // Failures from here on honour pretty too: the request data is decoded.
  decoded.pretty = pretty;
  const token = data.token;
  if (token === undefined || token === "") {
    throw new Failure(fault === "token-missing-as-invalid" ? "token_invalid" : "token_missing", "no token");
  }
  const invalidToken = fault === "token-invalid-as-missing" ? "token_missing" : "token_invalid";
  if (typeof token !== "string") throw new Failure(invalidToken, "the token is not a string");
  const owner = account[token];
  if (!owner) throw new Failure(invalidToken, "unknown token");
  const canWrite = token === fixtureTokens.write || fault === "write-without-permission";
  if (methods[method].permission === "write" && !canWrite)
    throw new Failure("token_permission", "the token lacks the write permission");
  if (fault === "unknown-keys-ignored") {
    const known = Object.keys(methods[method].params.shape);
    data = Object.fromEntries(Object.entries(data).filter(([key]) => known.includes(key)));
  }
  const now = Date.now();
  const parsed = parseParams(method, data);
  if (!parsed.ok && parsed.error === "parameter_invalid" && fault === "invalid-ignored") {
    const lenient = ignoringInvalid(method, data);
    return { body: lenient ? answer(method, lenient.params, owner, now) : { ok: true } };
  }
  if (!parsed.ok) {
    const error =
      parsed.error === "parameter_missing" && fault === "missing-as-invalid"
        ? "parameter_invalid"
        : parsed.error;
    throw new Failure(error, parsed.description);
  }
  const result = answer(method, parsed.params as Record<string, unknown>, owner, now);
  if (fault === "get-differs" && request.method === "GET") result.via = "GET";
  return { body: result, pretty };
}

/** A running fixture server. */
export interface FixtureServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Starts the fixture on a free port of 127.0.0.1.
 *
 * @param fault - the one rule to break; none: a conforming server
 */
export async function startFixtureServer(fault?: Fault): Promise<FixtureServer> {
  const fixedId = "FixedRequestId0000000000";
  const now = Date.now();
  const codec = fixtureCursor(fault);
  const pages = fixturePages(codec, fault);
  const answer = fixtureAnswer(
    fixtureRecords(now),
    fixtureWebhooks(now),
    fixtureInspections(),
    pages,
    codec,
    now,
    fault,
  );
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const started = Date.now();
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      let outcome: { body?: Record<string, unknown>; pretty?: boolean; status?: number };
      let failed = false;
      const decoded: { pretty?: boolean } = {};
      try {
        outcome = handle(request, Buffer.concat(chunks).toString("utf8"), answer, decoded, fault);
      } catch (error) {
        if (!(error instanceof Failure)) throw error;
        failed = true;
        const envelope =
          fault === "bad-envelope"
            ? { ok: false, message: error.description }
            : {
                ok: false,
                error: error.error,
                // A description is required; a vague one names no parameter.
                description: fault === "vague-description" ? "the request is invalid" : error.description,
              };
        outcome = { body: envelope, pretty: decoded.pretty };
      }
      const id =
        fault === "same-request-id"
          ? fixedId
          : fault === "no-request-id"
            ? undefined
            : randomBytes(18).toString("base64url").replace(/[-_]/g, "x");
      if (id) response.setHeader(headerNames().requestId, id);
      const elapsed = Date.now() - started;
      response.setHeader(
        headerNames().responseTime,
        fault === "fractional-response-time" ? `${elapsed}.5` : String(elapsed),
      );
      response.setHeader("Access-Control-Allow-Origin", "*");
      if (outcome.body === undefined) {
        response.writeHead(outcome.status ?? 204).end();
        return;
      }
      response.setHeader("Content-Type", fault === "wrong-content-type" ? "text/plain" : jsonContentType);
      response.writeHead(failed && fault === "http-400-on-errors" ? 400 : (outcome.status ?? 200));
      response.end(JSON.stringify(outcome.body, null, outcome.pretty ? 2 : undefined));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
