import { isDeepStrictEqual } from "node:util";
import {
  type Equipment,
  equipmentStatusOf,
  inspectionClockSkewMs,
  type MethodName,
  scheduleStatusAt,
  validate,
} from "@wsafe/schema";
import { type CheckContext, CheckFailed, CheckSkipped, expect } from "./CheckContext.js";
import type { RegisterTarget } from "./ConformanceOptions.js";

const day = 86_400_000;

/** One write the run made: what it sent, what it answered, and the kit's clock around it. */
export interface Written {
  params: Record<string, unknown>;
  body: Record<string, unknown>;
  equipment: Equipment;
  /** The kit's clock just before the request, and just after the answer. */
  sent: number;
  received: number;
}

/** What the run wrote, step by step, for the checks after each to read. */
export interface RegisterRun {
  target: RegisterTarget;
  /** `next_cursor` of equipments.changes read to its end before the create; undefined when the read was too long. */
  cursorBefore?: string;
  /** Why the feed was not read before the create, for the feed checks to say. */
  feedSkipped?: string;
  /** `next_cursor` after the changes that reported the equipment. */
  cursorAfterUpdate?: string;
  created?: Written;
  updated?: Written;
  retired?: Written & { retired_at: number };
}

/** The schedule the kit's equipment carries: due in 200 days, so no status changes during a run. */
export function conformanceSchedule(now: number) {
  const expiresOn = Math.floor((now + 200 * day) / 1000) * 1000;
  return {
    schedule_id: "conformance_check",
    expiresOn,
    expiringOn: expiresOn - 30 * day,
    lastCompletedOn: null,
    interval: "P1Y",
    warning: "P1M",
  };
}

/** A key for one write of the run: unique, and the kit's own by its prefix. */
export const writeKey = (what: string) =>
  `conformance-${what}-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`;

/** The parameters of the create: an equipment of the named type under a key of the kit's own. */
export function createParams(target: RegisterTarget, now: number): Record<string, unknown> {
  return {
    equipmentType_id: target.equipmentType_id,
    external_id: writeKey("equipment"),
    serialNumber: `CONFORMANCE-${now}`,
    title: "Made by @wsafe/conformance",
    notes: "Made by @wsafe/conformance, which retires it at once.",
    schedules: [conformanceSchedule(now)],
    idempotency_key: writeKey("create"),
  };
}

/**
 * Sends one write with the write token and checks its answer is a success valid against
 * the method's published result; returns it with the kit's clock around it.
 */
export async function write(
  ctx: CheckContext,
  method: MethodName,
  params: Record<string, unknown>,
): Promise<Written> {
  const sent = Date.now();
  const body = ctx.expectSuccess(await ctx.post(method, params));
  const received = Date.now();
  const result = validate(`${method}.result`, body);
  if (!result.ok)
    throw new CheckFailed(
      `the answer is not a valid ${method}.result: ${result.issues[0]?.path}: ${result.issues[0]?.message}`,
    );
  // The body as answered (validation strips fields a later version may add).
  return { params, body, equipment: body.equipment as Equipment, sent, received };
}

/** Whether an instant the service gave is the request's, within the clock skew the contract allows. */
export const atRequest = (at: unknown, { sent, received }: { sent: number; received: number }) =>
  typeof at === "number" && at >= sent - inspectionClockSkewMs && at <= received + inspectionClockSkewMs;

/** The equipment the create must answer: every field as sent, the rest defaulted, statuses at `created`. */
export function expectedCreated(written: Written): Equipment {
  const { params, equipment } = written;
  const [schedule] = params.schedules as ReturnType<typeof conformanceSchedule>[];
  const status = scheduleStatusAt(schedule!, equipment.created);
  return {
    id: equipment.id,
    external_id: params.external_id as string,
    serialNumber: params.serialNumber as string,
    equipmentType_id: params.equipmentType_id as string,
    created: equipment.created,
    parent_id: "",
    fieldOffice_id: [],
    lineOfBusiness_id: "",
    assignedUsers_id: [],
    title: params.title as string,
    notes: params.notes as string,
    isInService: true,
    metavalues: {},
    status: equipmentStatusOf([status]),
    schedules: [{ ...schedule!, status }],
    version: 1,
  };
}

/** The run's step, or a skip saying which earlier check it needs. */
export function needs<Step>(step: Step | undefined, what: string): Step {
  if (step === undefined)
    throw new CheckSkipped(`the equipment was not ${what}: see the written: check that ${what} it`);
  return step;
}

/** Fails unless two records are the same, naming the first field that differs. */
export function expectSame(got: unknown, want: unknown, what: string): void {
  const a = (got ?? {}) as Record<string, unknown>;
  const b = (want ?? {}) as Record<string, unknown>;
  const fields = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  const differing = fields.find((field) => !isDeepStrictEqual(a[field], b[field]));
  expect(
    differing === undefined,
    `${what}: ${differing} is ${JSON.stringify(a[differing ?? ""])}, expected ${JSON.stringify(b[differing ?? ""])}`,
  );
}
