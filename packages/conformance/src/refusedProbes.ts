import { type ErrorIdentifier, type MethodName, methods, parseParams } from "@wsafe/schema";

/**
 * A request the kit sends in place of a successful call where a success would change
 * something or reach someone: the service must refuse it after the token's permission is
 * checked, with `error` (naming `mentions`), so the checks of request, token, parameters
 * and envelope run on it and nothing is written, and no endpoint is ever made that would
 * send deliveries to a third party.
 */
export interface RefusedProbe {
  /** Request data, `token` left out. */
  readonly params: Readonly<Record<string, unknown>>;
  /** What the service must answer. */
  readonly error: ErrorIdentifier;
  /** The key the answer's `description` must name, where one is to be named. */
  readonly mentions?: string;
  /** The request, for the check's name: `with id conformance_no_such_wh_other_account (…)`. */
  readonly what: string;
  /** What a run needs for the method's successful calls, when the kit may make them. */
  readonly toSucceed?: string;
}

/**
 * The refusals a probe may stand on, preferred first. `content_not_found` of ids nobody
 * holds: the request is otherwise one the service accepts, so each parameter check
 * changes exactly one thing in it, and the lookup is checked too. `parameter_invalid`
 * for a write that looks nothing up (a create): refused at its parameters, before
 * anything is written.
 */
const probeErrors = ["content_not_found", "parameter_invalid"] as const;

/**
 * An id no deployment holds, made from a documented one: the marker makes it the kit's
 * own, and keeping the documented id keeps two ids of one request apart.
 *
 * @param documented - the id the registry's example names
 * @example
 * missingIdFor("eq_other_1"); // "conformance_no_such_eq_other_1"
 */
export function missingIdFor(documented: string): string {
  return `conformance_no_such_${documented}`;
}

/** Whether a parameter names a record to look up: `id`, or a name ending in `_id` (`equipment_id`, `assignedUsers_id`). */
const namesRecord = (key: string) => key === "id" || key.endsWith("_id");

/** Whether a value is an address a service could send to: a request holding one must be refused for it. */
const isUrl = (value: unknown) =>
  typeof value === "string" && URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);

/**
 * The documented request with every id it names replaced by one nobody holds (top-level
 * parameters only: an id inside a value, a metafield's, is defined by the request, not
 * looked up), its token and key left out: a refused request keeps nothing under a key.
 */
function rewritten(request: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const { token: _token, idempotency_key: _key, ...documented } = request;
  const params: Record<string, unknown> = { ...documented };
  for (const [key, value] of Object.entries(params)) {
    if (!namesRecord(key)) continue;
    if (typeof value === "string") params[key] = missingIdFor(value);
    else if (Array.isArray(value))
      params[key] = value.map((id) => (typeof id === "string" ? missingIdFor(id) : id));
  }
  return params;
}

/**
 * The parameter a `parameter_invalid` refusal names: the schema's own finding, else the
 * request's parameter its description names first (a rule beyond the schema: a private
 * address, dates in the wrong order), as a whole word.
 */
function mentionOf(method: MethodName, params: Record<string, unknown>, description: string) {
  const parsed = parseParams(method, { token: "t", ...params });
  if (!parsed.ok) return parsed.parameter;
  const named = Object.keys(params)
    .map((key) => ({ key, at: description.search(new RegExp(`(?<![\\w.])${key}(?!\\w)`)) }))
    .filter(({ at }) => at >= 0)
    .sort((a, b) => a.at - b.at);
  return named[0]?.key;
}

/** One documented exchange of a method, as the registry holds it (`examples`), whatever the method. */
export interface DocumentedExchange {
  title: string;
  request: Readonly<Record<string, unknown>>;
  response: { ok: boolean; error?: string; description?: string };
}

/** The probe a documented refusal makes, or undefined when it cannot stand for the method. */
function probeFrom(method: MethodName, example: DocumentedExchange): RefusedProbe | undefined {
  const { error, description = "" } = example.response;
  const params = rewritten(example.request);
  const urls = Object.keys(params).filter((key) => isUrl(params[key]));
  if (error === "content_not_found") {
    // A service whose lookup failed would make the record, and send to its address.
    if (urls.length > 0) return undefined;
    const ids = Object.keys(params).filter(namesRecord);
    if (ids.length === 0) return undefined;
    const named = ids.map((key) => `${key} ${String(params[key])}`).join(", ");
    return { params, error, what: `with ${named} (held by no deployment)` };
  }
  if (error !== "parameter_invalid") return undefined;
  const mentions = mentionOf(method, params, description);
  // Refused for the one parameter it names: any address it holds must be that one.
  if (mentions === undefined || urls.some((key) => key !== mentions)) return undefined;
  const value = params[mentions];
  const shown = typeof value === "string" ? value : `as in the example "${example.title}"`;
  return { params, error, mentions, what: `with ${mentions} ${shown} (${example.title.toLowerCase()})` };
}

/**
 * What a run needs for a method's successful calls, where the kit has a way to make
 * them: its own options, not the registry's data.
 */
const successHints: Partial<Record<MethodName, string>> = {
  "inspections.record":
    "record one inspection on a schedule you name: --record-inspection EQUIPMENT_ID,SCHEDULE_ID,INSPECTOR_ID",
  "webhooks.deliveries":
    "give an endpoint of the account with two attempts or more: --param webhooks.deliveries.webhook_id=ID",
};

/**
 * A method's refused probe, derived from the registry: its first documented refusal
 * answering `content_not_found` (a lookup), else `parameter_invalid` (a create's), with
 * every id it names rewritten to one no deployment holds ({@link missingIdFor}), and
 * never one that holds an address the service could send to unless that address is what
 * it refuses. So a write method a later minor version adds gets its probe from its own
 * examples, with no change to the kit. `undefined` when the method documents no such
 * refusal (a test holds every write of the registry to one).
 *
 * @param method - any method of the registry
 * @example
 * refusedProbeOf("webhooks.delete");
 * // { params: { id: "conformance_no_such_wh_other_account" }, error: "content_not_found", what: "with id … (held by no deployment)" }
 */
export function refusedProbeOf(method: MethodName): RefusedProbe | undefined {
  // Asked by every check of the method: derived once.
  if (!derived.has(method)) derived.set(method, deriveProbe(method));
  return derived.get(method);
}

const derived = new Map<MethodName, RefusedProbe | undefined>();

function deriveProbe(method: MethodName): RefusedProbe | undefined {
  const probe = refusedProbeFrom(method, methods[method].examples);
  const hint = successHints[method];
  return probe && hint !== undefined ? { ...probe, toSucceed: hint } : probe;
}

/**
 * The probe that documented exchanges of a method make (see {@link refusedProbeOf}): the
 * first refusal of each kind of {@link probeErrors}, in that order, that can stand.
 *
 * @param method - the method the exchanges are of (its parameters find what a refusal names)
 * @param examples - its documented exchanges
 * @example
 * refusedProbeFrom("webhooks.delete", methods["webhooks.delete"].examples)?.error; // "content_not_found"
 */
export function refusedProbeFrom(
  method: MethodName,
  examples: readonly DocumentedExchange[],
): RefusedProbe | undefined {
  for (const error of probeErrors) {
    for (const example of examples) {
      if (example.response.ok || example.response.error !== error) continue;
      const probe = probeFrom(method, example);
      if (probe) return probe;
    }
  }
  return undefined;
}

/**
 * The read methods whose successful call needs a record the kit never makes (an endpoint
 * of the account): their refused probe stands in until the run gives request data of its
 * own (`--params`).
 */
export const standInReads: ReadonlySet<MethodName> = new Set(["webhooks.deliveries"]);
