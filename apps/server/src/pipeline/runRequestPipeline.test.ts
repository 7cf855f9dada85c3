import { requestCheckIds } from "@wsafe/schema";
import { describe, expect, it } from "vitest";
import { checkTokenPresent } from "./accessChecks.js";
import { callMethodHandler } from "./callMethodHandler.js";
import { checkHttpMethod, checkMethodPath } from "./edgeChecks.js";
import type { RequestCheckStep, RequestState } from "./RequestState.js";
import { type RequestCheckSteps, requestCheckSteps } from "./requestCheckSteps.js";
import { runRequestChecks, stepsInSchemaOrder } from "./runRequestPipeline.js";

/** A request state no step reads: the steps of these tests only record their turn. */
const blankState = (): RequestState => ({
  httpMethod: "POST",
  path: "/v1/users.info",
  rawQuery: "",
  body: undefined,
  bodyError: undefined,
  now: 0,
});
const noServices = {} as Parameters<RequestCheckStep>[1];

describe(stepsInSchemaOrder, () => {
  it("puts the /v1 steps in the schema's order, the method's handler last", () => {
    const steps = stepsInSchemaOrder(requestCheckSteps);
    expect(steps).toHaveLength(requestCheckIds.length);
    expect(steps.slice(0, 2)).toEqual([checkMethodPath, checkHttpMethod]);
    expect(steps[requestCheckIds.indexOf("token_present")]).toBe(checkTokenPresent);
    expect(steps.at(-1)).toBe(callMethodHandler);
  });

  it("reads the order from the schema, not from the table's own key order", () => {
    const ran: string[] = [];
    const reversed = Object.fromEntries(
      [...requestCheckIds].reverse().map((id) => [id, () => void ran.push(id)]),
    ) as unknown as RequestCheckSteps;
    for (const step of stepsInSchemaOrder(reversed)) step(blankState(), noServices);
    expect(ran).toEqual(requestCheckIds);
  });

  it("has a step for every check of the schema", () => {
    expect(Object.keys(requestCheckSteps).sort()).toEqual([...requestCheckIds].sort());
  });
});

describe(runRequestChecks, () => {
  it("waits on a step that returns a promise before the next, and answers the state's outcome", async () => {
    const ran: string[] = [];
    const outcome = { ok: true as const, user: { id: "u", name: "U" } };
    const steps: RequestCheckStep[] = [
      () => new Promise<void>((resolve) => setTimeout(() => resolve(void ran.push("slow")), 5)),
      (state) => {
        ran.push("sync");
        state.outcome = outcome;
      },
    ];
    await expect(runRequestChecks(steps, blankState(), noServices)).resolves.toBe(outcome);
    expect(ran).toEqual(["slow", "sync"]);
  });

  it("stops at the first step that throws, so no later step runs", () => {
    const ran: string[] = [];
    const steps: RequestCheckStep[] = [
      () => {
        throw new Error("first");
      },
      () => void ran.push("second"),
    ];
    expect(() => runRequestChecks(steps, blankState(), noServices)).toThrow("first");
    expect(ran).toEqual([]);
  });

  it("answers the outcome itself, not a promise, while no step waits", () => {
    const outcome = { ok: true as const, user: { id: "u", name: "U" } };
    const steps: RequestCheckStep[] = [
      () => undefined,
      (state) => {
        state.outcome = outcome;
      },
    ];
    expect(runRequestChecks(steps, blankState(), noServices)).toBe(outcome);
  });

  // A table whose steps keep no outcome is the server's bug: the edge answers server_error.
  it("throws, rather than answering nothing, when no step kept an outcome", async () => {
    expect(() => runRequestChecks([() => undefined], blankState(), noServices)).toThrow(
      "no step of the pipeline kept an outcome",
    );
    await expect(runRequestChecks([() => Promise.resolve()], blankState(), noServices)).rejects.toThrow(
      "no step of the pipeline kept an outcome",
    );
  });

  it("rejects with the error of a step that fails after one that waited", async () => {
    const ran: string[] = [];
    const steps: RequestCheckStep[] = [
      () => Promise.resolve(),
      () => {
        throw new Error("after the wait");
      },
      () => void ran.push("third"),
    ];
    await expect(runRequestChecks(steps, blankState(), noServices)).rejects.toThrow("after the wait");
    expect(ran).toEqual([]);
  });
});
