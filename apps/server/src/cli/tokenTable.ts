import type { TokenListing } from "../store/administration/tokenAdministration.js";

const header = ["ID", "ACCOUNT", "PERMISSIONS", "CREATED", "ACTIVE"] as const;

/** The ACTIVE cell: the token's own switch, and why an active token is refused anyway. */
const activeCell = (token: TokenListing) =>
  !token.active ? "no" : token.accountActive ? "yes" : "yes (account inactive)";

/**
 * The lines `wsafe tokens list` prints: a header, then one token a line, in columns a
 * person reads and `awk` splits (no cell holds a space but the last). Never the secret
 * nor its hash: the listing has neither.
 *
 * @param tokens - the tokens, in the order to print
 * @example
 * tokenTable(await listTokens(sql));
 * // ["ID                    ACCOUNT   PERMISSIONS  CREATED               ACTIVE", "tok_0f3a… acc_demo read,write 2026-12-07T09:30:00Z yes"]
 */
export function tokenTable(tokens: readonly TokenListing[]): string[] {
  const rows = [
    [...header],
    ...tokens.map((token) => [
      token.id,
      token.accountId,
      token.permissions.join(","),
      token.created,
      activeCell(token),
    ]),
  ];
  const widths = header.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) =>
    row.map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]!))).join("  "),
  );
}
