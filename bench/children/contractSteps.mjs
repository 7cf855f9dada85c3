// The contract's work for `resources.list`, as a team writing /v1 on another framework
// would write it, shared by the two contract-on-Hono peers so that they differ only in
// how they use Hono (honoContract.mjs: the documented way; honoContractFast.mjs: for
// speed). Written from decisions.md, not from wsafe's server: request data from GET or
// POST, the token checks, parameters by the zod schema @wsafe/schema publishes for
// resources.list, signed cursors bound to method and account, the error envelope.
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import { resourcesListParamsSchema } from "@wsafe/schema";

/** The largest request body, as the contract's default limit. */
export const maxBodyBytes = 1024 * 1024;
const method = "resources.list";

/**
 * @typedef {{ ok: false, error: string, description: string }} Failure
 * @typedef {{ account: string, active: boolean, accountActive: boolean }} TokenRecord
 */

/** @returns {Failure} */
const failure = (/** @type {string} */ error, /** @type {string} */ description) => ({
  ok: false,
  error,
  description,
});

/**
 * A request id of 32 letters and digits: a random UUID without its dashes (Hono's
 * request-id middleware makes its ids with `crypto.randomUUID()`).
 */
export function newRequestId() {
  return randomUUID().replaceAll("-", "");
}

/**
 * The request data: POST's body (a UTF-8 BOM tolerated), or GET's whole query string
 * percent-decoded; absent or empty data is `{}`. It must be a JSON object.
 *
 * @param {string} httpMethod - `GET` or `POST`
 * @param {string} url - the request URL, query string included
 * @param {string} body - the POST body as text (`""` for GET)
 * @returns {{ ok: true, data: Record<string, unknown> } | Failure}
 */
export function decodeRequestData(httpMethod, url, body) {
  let text = body.charCodeAt(0) === 0xfeff ? body.slice(1) : body;
  if (httpMethod === "GET") {
    const question = url.indexOf("?");
    try {
      text = question < 0 ? "" : decodeURIComponent(url.slice(question + 1));
    } catch {
      return failure("request_data_invalid", "the query string is not valid percent-encoding");
    }
  }
  if (text.trim() === "") return { ok: true, data: {} };
  /** @type {unknown} */
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return failure("request_data_invalid", "the request data is not valid JSON");
  }
  if (data === null || typeof data !== "object" || Array.isArray(data))
    return failure("request_data_invalid", "the request data is not a JSON object");
  return { ok: true, data: /** @type {Record<string, unknown>} */ (data) };
}

/**
 * The token checks, in the contract's order: present and a non-empty string, known,
 * active, its account active.
 *
 * @param {Record<string, unknown>} data
 * @param {Map<string, TokenRecord>} tokens
 * @returns {{ ok: true, token: string, account: string } | Failure}
 */
export function checkToken(data, tokens) {
  const token = data.token;
  if (token === undefined || token === "") return failure("token_missing", "no token in the request data");
  if (typeof token !== "string") return failure("token_invalid", "the token is not a string");
  const record = tokens.get(token);
  if (!record) return failure("token_invalid", "the token is not known");
  if (!record.active) return failure("token_inactive", "the token has been deactivated");
  if (!record.accountActive) return failure("account_inactive", "the token's account is not active");
  return { ok: true, token, account: record.account };
}

/**
 * The request data checked by the zod schema `@wsafe/schema` publishes for
 * `resources.list`, its issues turned into the contract's identifiers: an unknown key
 * first, then a required key absent, then a wrong value.
 *
 * @param {Record<string, unknown>} data
 * @returns {{ ok: true, params: { token: string, pretty?: boolean, limit?: number, cursor?: string } } | Failure}
 */
export function checkParams(data) {
  const parsed = resourcesListParamsSchema.safeParse(data);
  if (parsed.success) return { ok: true, params: parsed.data };
  const issues = parsed.error.issues;
  const unexpected = issues.find((issue) => issue.code === "unrecognized_keys");
  if (unexpected?.code === "unrecognized_keys")
    return failure("parameter_unexpected", `unexpected parameter: ${unexpected.keys[0]}`);
  const missing = issues.find((issue) => !Object.hasOwn(data, String(issue.path[0])));
  if (missing) return failure("parameter_missing", `missing parameter: ${String(missing.path[0])}`);
  const [first] = issues;
  return failure("parameter_invalid", `invalid parameter: ${String(first?.path[0])}: ${first?.message}`);
}

/**
 * Signs and reads the opaque cursors of a walk: what the next page starts after, the
 * walk's page size, the method and the account, under an HMAC that a changed
 * character breaks.
 */
export class Cursors {
  #key = randomBytes(32);

  /** @param {{ account: string, after: [number, string], limit: number }} position */
  sign({ account, after, limit }) {
    const payload = Buffer.from(JSON.stringify({ m: method, a: account, s: after, l: limit })).toString(
      "base64url",
    );
    return `${payload}.${this.#mac(payload)}`;
  }

  /**
   * @param {string} cursor
   * @param {string} account
   * @returns {{ after: [number, string], limit: number } | undefined} undefined: not a cursor of this walk
   */
  read(cursor, account) {
    const [payload, mac, extra] = cursor.split(".");
    if (!payload || !mac || extra !== undefined) return undefined;
    const expected = Buffer.from(this.#mac(payload));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    const position = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    if (position.m !== method || position.a !== account) return undefined;
    return { after: position.s, limit: position.l };
  }

  /** @param {string} payload */
  #mac(payload) {
    return createHmac("sha256", this.#key).update(payload).digest("base64url");
  }
}

/**
 * One page of an account's resources (ordered by `sequence`, then `id`), or the whole
 * list when neither `limit` nor `cursor` was sent.
 *
 * @param {readonly { id: string, sequence: number }[]} records - the account's, in order
 * @param {{ limit?: number, cursor?: string }} params
 * @param {string} account
 * @param {Cursors} cursors
 * @returns {{ ok: true, result: Record<string, unknown> } | Failure}
 */
export function resourcesPage(records, params, account, cursors) {
  if (params.limit === undefined && params.cursor === undefined)
    return { ok: true, result: { ok: true, resources: records } };
  let start = 0;
  let limit = params.limit;
  if (params.cursor !== undefined) {
    const position = cursors.read(params.cursor, account);
    if (!position)
      return failure("parameter_invalid", "invalid parameter: cursor: not a cursor of this walk");
    const [sequence, id] = position.after;
    start = records.findIndex((r) => r.sequence > sequence || (r.sequence === sequence && r.id > id));
    if (start < 0) start = records.length;
    limit ??= position.limit;
  }
  const size = /** @type {number} */ (limit);
  const page = records.slice(start, start + size);
  const last = page.at(-1);
  const next_cursor =
    last && start + size < records.length
      ? cursors.sign({ account, after: [last.sequence, last.id], limit: size })
      : "";
  return { ok: true, result: { ok: true, resources: page, response_metadata: { next_cursor } } };
}

/**
 * The body of a failure: the envelope, indented when the request data asked for
 * `pretty` (failures honour it once the data was decoded).
 *
 * @param {Failure} failed
 * @param {boolean} [pretty]
 */
export function failureBody({ error, description }, pretty = false) {
  return JSON.stringify({ ok: false, error, description }, null, pretty ? 2 : undefined);
}
