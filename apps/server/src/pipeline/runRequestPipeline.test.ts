import { type RequestCheckId, requestCheckIds } from "@wsafe/schema";
import { describe, expect, it } from "vitest";
import { checkTokenKnown, checkTokenPresent } from "./accessChecks.js";
import { checkHttpMethod, checkMethodPath } from "./edgeChecks.js";
import { inProcedure, requestCheckSteps } from "./requestCheckSteps.js";
import { planRequestChecks } from "./runRequestPipeline.js";

describe(planRequestChecks, () => {
  it("runs the server's own checks in the schema's order, leaving the procedure's for last", () => {
    const steps = planRequestChecks(requestCheckIds);
    expect(steps).toHaveLength(requestCheckIds.length - 1);
    expect(steps.slice(0, 2)).toEqual([checkMethodPath, checkHttpMethod]);
    expect(steps).not.toContain(inProcedure);
  });

  it("follows the order it is given: the schema's table, not a list of its own", () => {
    const swapped: RequestCheckId[] = ["token_known", "token_present", "method_lookups"];
    expect(planRequestChecks(swapped)).toEqual([checkTokenKnown, checkTokenPresent]);
  });

  it("runs every check of an order that leaves none to the procedure", () => {
    expect(planRequestChecks(["token_present", "token_known"])).toEqual([checkTokenPresent, checkTokenKnown]);
    expect(planRequestChecks([])).toEqual([]);
    expect(planRequestChecks(["method_lookups"])).toEqual([]);
  });

  it("refuses an order that puts one of its checks after the procedure's", () => {
    expect(() => planRequestChecks(["method_lookups", "token_present"])).toThrow(
      "the pipeline puts token_present after method_lookups",
    );
  });

  it("has a step for every check of the schema", () => {
    expect(Object.keys(requestCheckSteps).sort()).toEqual([...requestCheckIds].sort());
  });
});
