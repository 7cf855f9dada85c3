import { createPostgresDatabase, freePort, postgresUrl } from "@wsafe/test-support";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { storeFaultOf } from "./storeFault.js";

/** What a promise rejected with. */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("it did not fail");
}

describe(storeFaultOf, () => {
  it("reads a full disk in the words PostgreSQL and the embedded store use", () => {
    // PGlite's error for a write into a full directory, as it throws it (fields it sets).
    const extend = Object.assign(new Error('could not extend file "base/5/16732": No space left on device'), {
      code: "53100",
      severity: "ERROR",
    });
    expect(storeFaultOf(extend)).toBe("disk_full");
    // The embedded file system's own error: an object with an errno and no message.
    expect(storeFaultOf({ name: "ErrnoError", errno: 51 })).toBe("disk_full");
    expect(storeFaultOf({ name: "ErrnoError", errno: 19 })).toBe("disk_full");
    // A write of a temporary file, whatever SQLSTATE it came with.
    expect(
      storeFaultOf(
        new Error('could not write to file "base/pgsql_tmp/pgsql_tmp1.0": No space left on device'),
      ),
    ).toBe("disk_full");
    expect(storeFaultOf(Object.assign(new Error("write failed"), { code: "ENOSPC" }))).toBe("disk_full");
  });

  it("reads a database that went away, from Node's codes, PostgreSQL's and pg's words", () => {
    for (const code of ["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "ENOTFOUND", "57P01", "57P03", "08006"])
      expect(storeFaultOf(Object.assign(new Error(`failed (${code})`), { code })), code).toBe("unreachable");
    expect(storeFaultOf(new Error("Connection terminated unexpectedly"))).toBe("unreachable");
    expect(storeFaultOf(new Error("Client has encountered a connection error and is not queryable"))).toBe(
      "unreachable",
    );
  });

  it("looks into causes and into every error of an AggregateError", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED ::1:5432"), { code: "ECONNREFUSED" });
    expect(storeFaultOf(new AggregateError([new Error("other"), refused]))).toBe("unreachable");
    expect(storeFaultOf(new Error("the import failed", { cause: { errno: 51 } }))).toBe("disk_full");
    // A cause that loops back on itself ends the walk.
    const looped: { cause?: unknown } = new Error("looped");
    looped.cause = looped;
    expect(storeFaultOf(looped)).toBeUndefined();
  });

  it("leaves a bug a bug: anything else is no fault of the store", () => {
    expect(storeFaultOf(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBeUndefined();
    expect(storeFaultOf(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBeUndefined();
    // Out of memory is not a full disk, nor is a permission refused.
    expect(storeFaultOf(Object.assign(new Error("out of memory"), { code: "53200" }))).toBeUndefined();
    expect(storeFaultOf({ name: "ErrnoError", errno: 2 })).toBeUndefined();
    expect(storeFaultOf(undefined)).toBeUndefined();
    expect(storeFaultOf("a string")).toBeUndefined();
  });

  it("reads what pg really throws for a port where nothing listens", async () => {
    const client = new pg.Client({ host: "127.0.0.1", port: await freePort(), user: "nobody" });
    const error = await rejection(client.connect());
    expect(storeFaultOf(error)).toBe("unreachable");
  });

  it.skipIf(!postgresUrl)(
    "reads what pg really throws for a backend ended by an operator, and for the next query",
    async () => {
      const db = await createPostgresDatabase("store_fault", postgresUrl, { template: "none" });
      const client = new pg.Client({ connectionString: db.database });
      client.on("error", () => {});
      await client.connect();
      try {
        // A statement under way when its backend is terminated: 57P01.
        const sleeping = rejection(client.query("SELECT pg_sleep(30)"));
        await expect.poll(() => db.terminateBackends(), { timeout: 10_000 }).toBeGreaterThan(0);
        const ended = await sleeping;
        expect(ended).toMatchObject({ code: "57P01" });
        expect(storeFaultOf(ended)).toBe("unreachable");
        // What the same client answers after.
        expect(storeFaultOf(await rejection(client.query("SELECT 1")))).toBe("unreachable");
        // A real syntax error of the same server: a bug, not a fault of the store.
        const other = new pg.Client({ connectionString: db.database });
        await other.connect();
        const syntax = await rejection(other.query("SELEC 1"));
        await other.end();
        expect(storeFaultOf(syntax)).toBeUndefined();
      } finally {
        await client.end().catch(() => {});
        await db.drop();
      }
    },
  );
});
