import { describe, expect, it } from "vitest";
import { formatProblems } from "./formatProblems.js";
import type { PayloadProblem } from "./PayloadProblem.js";

const problem = (n: number): PayloadProblem => ({
  path: `users[${n}].name`,
  record: `user "u_${n}"`,
  message: "required field `name` missing",
});

describe(formatProblems, () => {
  it("writes one line per problem, the record first; the document's own problems without one", () => {
    expect(formatProblems([problem(1), { path: "(root)", record: "", message: "unknown field `x`" }])).toBe(
      '  user "u_1": required field `name` missing\n  unknown field `x`',
    );
  });

  // Ten thousand broken records must still fit a terminal, and say how many there are.
  it("lists at most the limit and counts the rest", () => {
    const text = formatProblems(
      Array.from({ length: 60 }, (_, n) => problem(n)),
      { limit: 50 },
    );
    expect(text.split("\n")).toHaveLength(51);
    expect(text.split("\n").at(-1)).toBe("  … and 10 more problems");
    expect(
      formatProblems([problem(1), problem(2)], { limit: 1 })
        .split("\n")
        .at(-1),
    ).toBe("  … and 1 more problem");
  });

  it("counts nothing when the problems fill the limit exactly", () => {
    expect(formatProblems([problem(1), problem(2)], { limit: 2 })).toBe(
      '  user "u_1": required field `name` missing\n  user "u_2": required field `name` missing',
    );
  });

  it("counts no consequences when they fill their limit exactly", () => {
    const cause: PayloadProblem = { ...problem(0), consequences: [problem(1), problem(2)] };
    expect(formatProblems([cause], { consequenceLimit: 2 })).toBe(
      [
        '  user "u_0": required field `name` missing',
        '    - user "u_1": required field `name` missing',
        '    - user "u_2": required field `name` missing',
      ].join("\n"),
    );
  });

  it("puts what follows from a cause under it, indented, and counts past its own limit", () => {
    const cause: PayloadProblem = {
      ...problem(0),
      message: "already belongs to account acc_a",
      consequences: Array.from({ length: 4 }, (_, n) => ({
        ...problem(n + 1),
        record: `equipment "e_${n}"`,
      })),
    };
    expect(formatProblems([cause], { consequenceLimit: 3 })).toBe(
      [
        '  user "u_0": already belongs to account acc_a',
        '    - equipment "e_0": required field `name` missing',
        '    - equipment "e_1": required field `name` missing',
        '    - equipment "e_2": required field `name` missing',
        "    - … and 1 more like it",
      ].join("\n"),
    );
  });
});
