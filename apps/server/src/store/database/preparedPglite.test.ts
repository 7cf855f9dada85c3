// Statements kept prepared on the embedded database answer what `query` answers: the
// same rows and types (text, bigint as text, JSON, arrays, NULL parameters), the same
// errors (with PostgreSQL's code, the transaction rolled back), and keep working after a
// failure and across transactions.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPglite } from "./openPglite.js";
import type { Sql } from "./Sql.js";

describe("prepared statements on PGlite", () => {
  let sql: Sql;
  beforeAll(async () => {
    sql = await openPglite("memory://");
    await sql.exec(`CREATE TABLE kept (id text PRIMARY KEY, n bigint, doc jsonb, tags text[]);
                    INSERT INTO kept VALUES ('a', 1, '{"x": [1, 2]}', '{p,q}')`);
  }, 60_000);
  afterAll(() => sql?.close());

  const read = `SELECT id, n::text AS n, n + $2::bigint AS sum, doc, tags, $3::text[] AS given, $4::text IS NULL AS absent
                  FROM kept WHERE id = $1::text`;
  const params = ["a", 41, ["x", 'y "z"', "é,{}"], null];

  it("answers what query answers, row for row, each time it runs", async () => {
    const plain = await sql.transaction((tx) => tx.query(read, params));
    expect(plain).toEqual([
      {
        id: "a",
        n: "1",
        sum: 42,
        doc: { x: [1, 2] },
        tags: ["p", "q"],
        given: ["x", 'y "z"', "é,{}"],
        absent: true,
      },
    ]);
    for (let i = 0; i < 8; i++)
      expect(await sql.transaction((tx) => tx.queryPrepared(read, params))).toEqual(plain);
    expect(await sql.transaction((tx) => tx.queryPrepared(read, ["none", 0, [], "x"]))).toEqual([]);
  });

  it("writes in its transaction: committed with it, or rolled back with it", async () => {
    const insert = "INSERT INTO kept (id, n) VALUES ($1::text, $2::bigint) RETURNING id";
    expect(await sql.transaction((tx) => tx.queryPrepared(insert, ["b", 2]))).toEqual([{ id: "b" }]);
    await expect(
      sql.transaction(async (tx) => {
        await tx.queryPrepared(insert, ["c", 3]);
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect(await sql.query("SELECT id FROM kept ORDER BY id")).toEqual([{ id: "a" }, { id: "b" }]);
  });

  it("fails as the database does, rolls its transaction back, and runs again afterwards", async () => {
    const insert = "INSERT INTO kept (id, n) VALUES ($1::text, $2::bigint)";
    await expect(
      sql.transaction(async (tx) => {
        await tx.queryPrepared(insert, ["d", 4]);
        await tx.queryPrepared(insert, ["d", 5]);
      }),
    ).rejects.toMatchObject({ code: "23505" });
    expect(await sql.query("SELECT id FROM kept WHERE id = 'd'")).toEqual([]);
    await sql.transaction((tx) => tx.queryPrepared(insert, ["d", 6]));
    expect(await sql.query("SELECT n::text FROM kept WHERE id = 'd'")).toEqual([{ n: "6" }]);
  });

  it("runs a text it no longer keeps as a plain query", async () => {
    const texts = Array.from({ length: 80 }, (_, i) => `SELECT ${i} + $1::integer AS n`);
    const answers = await sql.transaction(async (tx) => {
      const all: unknown[] = [];
      for (const text of texts) all.push(...(await tx.queryPrepared(text, [1])));
      return all;
    });
    expect(answers).toEqual(texts.map((_, i) => ({ n: i + 1 })));
  });
});
