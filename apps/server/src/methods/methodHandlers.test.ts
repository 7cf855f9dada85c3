import { methodNames, methods } from "@wsafe/schema";
import { describe, expect, it } from "vitest";
import { keyedWriteOf } from "./keyedWrite.js";
import { methodHandlers } from "./methodHandlers.js";

// The server README's "Adding a write method" holds because of this: a write is its schema
// file, its handler, its entries in the registry and here, and a changeset; its key and
// its transaction come from the one write mechanism (keyedWrite, runWrite), never from
// its handler.
describe("methodHandlers", () => {
  it("has a handler for every method of the registry, and for none other", () => {
    expect(Object.keys(methodHandlers).sort()).toEqual([...methodNames].sort());
    for (const name of methodNames) expect(typeof methodHandlers[name], name).toBe("function");
  });

  it("runs every write method of the registry inside keyedWrite (its key, its transaction), and no read", () => {
    const writes = methodNames.filter((name) => methods[name].permission === "write");
    expect(writes.length).toBeGreaterThan(0);
    for (const name of methodNames)
      expect(keyedWriteOf(methodHandlers[name]), name).toBe(
        methods[name].permission === "write" ? name : undefined,
      );
  });
});
