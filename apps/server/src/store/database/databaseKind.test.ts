import { describe, expect, it } from "vitest";
import { databaseKind, isPostgresUrl } from "./databaseKind.js";

describe(databaseKind, () => {
  it.each([
    ["postgres://wsafe@127.0.0.1:5432/wsafe", "postgres"],
    ["postgresql://wsafe@db/wsafe", "postgres"],
    ["POSTGRES://wsafe@db/wsafe", "postgres"],
    ["memory://", "memory"],
    ["memory://test", "memory"],
    ["./.wsafe/data", "directory"],
    ["/var/lib/wsafe", "directory"],
    ["data", "directory"],
    ["C://wsafe", "directory"],
    ["folder/with://inside", "directory"],
  ])("%s is %s", (database, kind) => {
    expect(databaseKind(database)).toBe(kind);
  });

  // A typo once made a directory named `postgress:` holding an empty store, served as if all were well.
  it.each([
    ["postgress://wsafe:secret@db/wsafe", "postgress://"],
    ["mysql://root@db/x", "mysql://"],
    ["file:///var/lib/wsafe", "file://"],
    ["pglite://data", "pglite://"],
  ])("refuses %s, naming its scheme and not the rest of the URL", (database, scheme) => {
    expect(() => databaseKind(database)).toThrow(
      `--database: unknown scheme "${scheme}"; use postgres:// or postgresql:// for PostgreSQL, memory:// for an in-memory store, or a directory path for the embedded store`,
    );
    expect(() => databaseKind(database)).not.toThrow(/secret|wsafe@/);
  });

  it("refuses a PostgreSQL URL that lost its slashes", () => {
    expect(() => databaseKind("postgres:/db/wsafe")).toThrow(
      '--database: "postgres:" without "//" is not a URL; write postgres://...',
    );
  });
});

describe("isPostgresUrl", () => {
  it("is true only for a PostgreSQL URL, and false for what databaseKind refuses", () => {
    expect(isPostgresUrl("postgresql://db/x")).toBe(true);
    expect(isPostgresUrl("./data")).toBe(false);
    expect(isPostgresUrl("postgress://db/x")).toBe(false);
  });
});
