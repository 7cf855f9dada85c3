import { describe, expect, it } from "vitest";
import { seedDatabase } from "./seedDatabase.js";

describe(seedDatabase, () => {
  it("imports each dataset in order and closes the store, also when an import fails", async () => {
    const calls: string[] = [];
    const server = {
      openStore: async (database: string) => {
        calls.push(`open ${database}`);
        return { close: async () => void calls.push("close") };
      },
      importDataset: async (_store: unknown, dataset: { accounts?: { id: string }[] }) => {
        const id = dataset.accounts?.[0]?.id;
        if (id === "bad") throw new Error("refused");
        calls.push(`import ${id}`);
      },
    };
    await seedDatabase(
      server,
      "db",
      { accounts: [{ id: "a", name: "A" }] },
      { accounts: [{ id: "b", name: "B" }] },
    );
    await expect(seedDatabase(server, "db", { accounts: [{ id: "bad", name: "X" }] })).rejects.toThrow(
      "refused",
    );
    expect(calls).toEqual(["open db", "import a", "import b", "close", "open db", "close"]);
  });
});
