import { defaultEventsRetentionMs, eventsWindowProblem, type MethodName, type Methods } from "@wsafe/schema";

/** What an account of the fixture owns, by kind of id. */
export type Owned = { equipmentTypes: readonly string[]; users: readonly string[] };

/**
 * The method's own lookup in the fixture, per method: whether the content exists in the
 * caller's account. Exhaustive over the registry: a new method without its lookup here
 * does not compile.
 */
export const lookups: {
  [Name in MethodName]: (params: Methods[Name]["parsedParams"], mine: Owned) => boolean;
} = {
  "resources.list": () => true,
  "equipmentTypes.list": () => true,
  "equipments.list": (params, mine) => mine.equipmentTypes.includes(params.equipmentType_id),
  "users.info": (params, mine) =>
    mine.users.includes(typeof params.user === "number" ? String(params.user) : params.user),
  "events.list": (params, mine) =>
    params.equipmentType_id === undefined || mine.equipmentTypes.includes(params.equipmentType_id),
};

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
