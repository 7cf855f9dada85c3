import {
  parseParams,
  type RegisterWriteMethod,
  registerParamsProblem,
  registerWriteMethods,
} from "@wsafe/schema";
import { describe, expect, it } from "vitest";
import { ruleProbes } from "./ruleProbes.js";

const isRegisterWrite = (method: string): method is RegisterWriteMethod =>
  (registerWriteMethods as readonly string[]).includes(method);

const registerProbes = Object.entries(ruleProbes)
  .filter(([method]) => isRegisterWrite(method))
  .flatMap(([method, probes]) =>
    (probes ?? []).map((probe) => [method as RegisterWriteMethod, probe] as const),
  );

describe("the register's rule probes", () => {
  it("break a rule of every write that has one, of the rules the schema holds", () => {
    expect(new Set(registerProbes.map(([method]) => method))).toEqual(
      new Set([
        "equipmentTypes.update",
        "equipments.create",
        "equipments.update",
        "equipments.retire",
        "schedules.set",
      ]),
    );
  });

  // The kit and the server read the same rules: a probe the schema accepts, refused by
  // registerParamsProblem naming the parameter the kit expects named.
  it.each(registerProbes.map(([method, probe]) => [method, probe.what, probe] as const))(
    "%s: %s passes the schema and breaks registerParamsProblem naming its parameter",
    (method, _what, probe) => {
      const parsed = parseParams(method, { token: "t", ...probe.params(Date.UTC(2026, 11, 1)) });
      expect(parsed.ok, JSON.stringify(parsed)).toBe(true);
      if (!parsed.ok) return;
      const problem = registerParamsProblem(method, parsed.params as Record<string, unknown>);
      expect(problem?.error).toBe("parameter_invalid");
      expect(problem?.parameter).toMatch(new RegExp(`^${probe.mentions}(\\[|\\.|$)`));
    },
  );
});
