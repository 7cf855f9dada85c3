import { describe, expect, it } from "vitest";
import { DatasetError } from "./DatasetError.js";

const missingName = (n: number) => ({
  path: `users[${n}].name`,
  record: `user "u_${n}"`,
  message: "required field `name` missing",
});

describe(DatasetError, () => {
  // A file of ten thousand broken records must still fit a terminal, and say how many there are.
  it("lists the first 50 problems and counts the rest, keeping every one in `issues`", () => {
    const issues = Array.from({ length: 120 }, (_, n) => missingName(n));
    const error = new DatasetError(issues);
    const lines = error.message.split("\n");
    expect(lines[0]).toBe("invalid dataset (120 problems):");
    expect(lines[1]).toBe('  user "u_0": required field `name` missing');
    expect(lines).toHaveLength(52);
    expect(lines.at(-1)).toBe("  … and 70 more problems");
    expect(error.issues).toHaveLength(120);
  });

  it("counts what follows from a cause apart from the causes", () => {
    const error = new DatasetError([{ ...missingName(0), consequences: [missingName(1), missingName(2)] }]);
    expect(error.message.split("\n")[0]).toBe("invalid dataset (1 problem, and 2 that follow from it):");
  });
});
