/**
 * A statement's parameters, numbered as they are added: `param(value, type)` keeps the
 * value and answers its placeholder with an explicit type (`$3::bigint`), so the same
 * text plans alike on PGlite and PostgreSQL and a parameter can be read as a setting on
 * the COPY path.
 *
 * @example
 * const { params, param } = sqlParameters();
 * const text = `SELECT * FROM events WHERE account_id = ${param(accountId, "text")}`;
 * await sql.query(text, params);
 */
export function sqlParameters() {
  const params: unknown[] = [];
  const param = (value: unknown, type: string) => {
    params.push(value);
    return `$${params.length}::${type}`;
  };
  return { params, param };
}

/** Adds a parameter and answers its typed placeholder; see {@link sqlParameters}. */
export type SqlParam = ReturnType<typeof sqlParameters>["param"];
