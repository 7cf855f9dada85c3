import { isIP } from "node:net";
import {
  defaultEventsRetentionMs,
  type ErrorIdentifier,
  eventsWindowProblem,
  type InspectionDates,
  inspectionClockSkewMs,
  inspectionRecordProblem,
  type MethodName,
  type Methods,
} from "@wsafe/schema";

/** What an account of the fixture owns, by kind of id; `metafields` by equipment type. */
export type Owned = {
  equipmentTypes: readonly string[];
  users: readonly string[];
  metafields?: Readonly<Record<string, readonly string[]>>;
};

/**
 * What a method's lookup finds: `true` when the content exists (a read answers it, a write
 * would go through), `false` when it does not (`content_not_found`), or the outcomes a
 * lookup may end in when it is more than found or not, with the parameter a refusal names
 * and why more than one outcome is allowed.
 */
export type LookupResult =
  | boolean
  | { allowed: readonly (ErrorIdentifier | "ok")[]; parameter?: string; ambiguity?: string };

/**
 * `equipments.create`'s lookups: the type, then its assigned users (else
 * `content_not_found`) and its metavalues' keys among the type's metafields (else
 * `parameter_invalid`), in an order the contract leaves to the service. Found and valid:
 * it would create (the fuzzer sends no such request: see `apiCall`).
 */
function createOutcome(params: Methods["equipments.create"]["parsedParams"], mine: Owned): LookupResult {
  if (!mine.equipmentTypes.includes(params.equipmentType_id)) return false;
  const usersMissing = (params.assignedUsers_id ?? []).some((user) => !mine.users.includes(user));
  const fields = mine.metafields?.[params.equipmentType_id] ?? [];
  const strange = Object.keys(params.metavalues ?? {}).some((key) => !fields.includes(key));
  if (!usersMissing && !strange) return true;
  return {
    allowed: [
      ...(usersMissing ? ["content_not_found" as const] : []),
      ...(strange ? ["parameter_invalid" as const] : []),
    ],
    ...(strange && { parameter: "metavalues" }),
    ...(usersMissing &&
      strange && {
        ambiguity: "an assigned user and a metavalue both refused, in an order the contract leaves open",
      }),
  };
}

/**
 * The method's own lookup in the fixture, per method: whether the content exists in the
 * caller's account. Exhaustive over the registry: a new method without its lookup here
 * does not compile. It stays a row per method, not a rule read from the registry, because
 * the registry does not say what an id names (`id` is an endpoint for `webhooks.delete`, a
 * type for `equipmentTypes.update`, an equipment for `equipments.update`), nor what the
 * fuzzer's fixture holds or what a write that succeeds leaves behind for the next request:
 * that is the oracle's knowledge of the write, which a new write must state.
 */
export const lookups: {
  [Name in MethodName]: (params: Methods[Name]["parsedParams"], mine: Owned) => LookupResult;
} = {
  "resources.list": () => true,
  "equipmentTypes.list": () => true,
  "equipments.list": (params, mine) => mine.equipmentTypes.includes(params.equipmentType_id),
  "users.info": (params, mine) =>
    mine.users.includes(typeof params.user === "number" ? String(params.user) : params.user),
  "events.list": (params, mine) =>
    params.equipmentType_id === undefined || mine.equipmentTypes.includes(params.equipmentType_id),
  "webhooks.create": (params, mine) =>
    params.equipmentType_id === undefined || mine.equipmentTypes.includes(params.equipmentType_id),
  "webhooks.list": () => true,
  // The fixture holds no endpoint, and the fuzzer makes none (see `webhookUrlCheck`).
  "webhooks.delete": () => false,
  "webhooks.rotate_secret": () => false,
  "webhooks.deliveries": () => false,
  "webhooks.redeliver": () => false,
  // The fuzzer draws no equipment id (only types', users' and made-up ones): it records
  // nothing, so the equipment is never found.
  "inspections.record": () => false,
  "inspections.list": (params, mine) =>
    params.equipment_id === undefined &&
    (params.equipmentType_id === undefined || mine.equipmentTypes.includes(params.equipmentType_id)) &&
    (params.inspector_id === undefined || mine.users.includes(params.inspector_id)),
  // The register's writes (issue 49). A create looks nothing up: it would write.
  "equipmentTypes.create": () => true,
  // A type of the account would change, or be refused for a metafield still set on its
  // equipment, which the oracle does not follow.
  "equipmentTypes.update": (params, mine) =>
    mine.equipmentTypes.includes(params.id)
      ? { allowed: ["ok", "metafield_in_use"], ambiguity: "a metafield removed that equipment may set" }
      : false,
  "equipments.create": createOutcome,
  // The fuzzer draws no equipment id and the fixture holds no external_id (nor does any
  // write make one: none is sent that would succeed): the equipment is never found.
  "equipments.update": () => false,
  "equipments.retire": () => false,
  "schedules.set": () => false,
  "schedules.remove": () => false,
  // The feed of the caller's own register: a made-up cursor is refused with the parameters.
  "equipments.changes": () => true,
};

/**
 * The URL rule of `webhooks.create` as far as it can be told without the network: an
 * absolute `https` URL whose host is a public address literal passes; a name passes only
 * if it resolves to public addresses, which the oracle cannot know (ambiguous); anything
 * else is refused. The fuzzer draws no such URL: it never makes an endpoint.
 */
export function webhookUrlCheck(url: string): "refused" | "passes" | "unknown" {
  if (!URL.canParse(url)) return "refused";
  const parsed = new URL(url);
  if (parsed.protocol !== "https:" || parsed.username || parsed.password || !parsed.hostname)
    return "refused";
  const host = parsed.hostname.replace(/^\[(.*)\]$/, "$1");
  if (isIP(host)) return forbiddenLiteral(host) ? "refused" : "passes";
  return "unknown";
}

/** Whether a literal address is one the contract refuses (loopback, private, link-local, ...): the usual ones. */
function forbiddenLiteral(host: string): boolean {
  return /^(127\.|10\.|192\.168\.|169\.254\.|0\.|172\.(1[6-9]|2\d|3[01])\.)|^(::1?|f[cd]|fe80)/i.test(host);
}

/**
 * How near an instant rule's boundary (the retention's start, now) a drawn instant may lie
 * and be answered either way: the oracle and the server read the clock apart.
 */
const CLOCK_SLACK_MS = 60_000;

/**
 * The parameter rules of `events.list` that need the request's instant (the contract's
 * own `eventsWindowProblem`): the outcome, and whether the instant lies so near a
 * boundary that both are allowed.
 */
export function eventsWindowCheck(params: { from: number; to?: number | undefined }) {
  const now = Date.now();
  const problem = eventsWindowProblem(params, now);
  const near = [now - defaultEventsRetentionMs, ...(params.to === undefined ? [now] : [])].some(
    (boundary) => Math.abs(params.from - boundary) < CLOCK_SLACK_MS,
  );
  return { problem, near };
}

/**
 * The rules of `inspections.record` between its dates and the request's instant (the
 * contract's own `inspectionRecordProblem`): the outcome, and whether a date lies so near
 * the instant that both are allowed.
 */
export function inspectionDatesCheck(params: InspectionDates) {
  const now = Date.now();
  const problem = inspectionRecordProblem(params, now);
  const performedAt = params.performed_at ?? now;
  const near =
    (params.performed_at !== undefined &&
      Math.abs(params.performed_at - (now + inspectionClockSkewMs)) < CLOCK_SLACK_MS) ||
    (params.performed_at === undefined &&
      params.expiresOn !== undefined &&
      Math.abs(params.expiresOn - performedAt) < CLOCK_SLACK_MS);
  return { problem, near };
}

/**
 * The rule that needs the request's instant, for the methods that have one: what it finds,
 * whether the instant lies near enough a boundary for both outcomes, and the outcome the
 * server reaches when it finds nothing there.
 */
export function instantRuleCheck(name: MethodName, params: unknown) {
  if (name === "events.list")
    return {
      ...eventsWindowCheck(params as { from: number; to?: number }),
      ambiguity: "an events window at its retention's start, or ending now",
      otherwise: "ok" as const,
    };
  if (name === "inspections.record")
    return {
      ...inspectionDatesCheck(params as InspectionDates),
      ambiguity: "an inspection's date within a minute of the request's instant",
      // The fuzzer's equipment is never found (see lookups).
      otherwise: "content_not_found" as const,
    };
  return undefined;
}
