import { Command } from "commander";
import { databaseOption, fail } from "./cliArguments.js";
import { describeError } from "./describeError.js";
import { say } from "./say.js";
import { tokenTable } from "./tokenTable.js";
import { withStore } from "./withStore.js";

// The store's administration is loaded in each action, as the store itself (withStore).
const administration = () => import("../store/administration/tokenAdministration.js");

/**
 * `wsafe tokens`: `create`, `list` and `revoke`. A token is named by its id (`tok_…`,
 * which `create` and `list` print) or by its secret; its secret is printed once, by
 * `create`, and its hash never.
 *
 * @returns the command, for `program.addCommand`
 */
export function tokensCommand(): Command {
  const tokens = new Command("tokens")
    .description("Create, list and revoke API tokens.")
    // As the program does: a mistyped or missing flag shows the usage after the error.
    .showHelpAfterError();
  tokens
    .command("create")
    .description("Issue a token for an account; prints it once (only its hash is stored), and its id.")
    .requiredOption("--account <ID>", "the account the token belongs to")
    .option("--write", "grant write permission besides read")
    .addOption(databaseOption())
    .action(async (options: { account: string; write?: boolean; database: string }) => {
      const permissions = options.write ? ["read" as const, "write" as const] : ["read" as const];
      let issued: { id: string; secret: string };
      try {
        const { createToken } = await administration();
        issued = await withStore(options.database, (store) =>
          createToken(store.sql, options.account, permissions),
        );
      } catch (error) {
        fail(describeError(error, options.database));
      }
      // stdout holds the secret alone, as it always did: `TOKEN=$(wsafe tokens create ...)`.
      console.log(issued.secret);
      say(
        `token ${issued.id} of account ${options.account} (${permissions.join(", ")}): the secret above is shown once and not kept; revoke it with: wsafe tokens revoke ${issued.id}`,
      );
    });
  tokens
    .command("list")
    .description("List tokens (id, account, permissions, created, active); never their secrets.")
    .option("--account <ID>", "only this account's tokens")
    .addOption(databaseOption())
    .action(async (options: { account?: string; database: string }) => {
      const { listTokens } = await administration();
      const listed = await withStore(options.database, async (store) => {
        if (options.account !== undefined) {
          const found = await store.sql.query("SELECT 1 FROM accounts WHERE id = $1", [options.account]);
          if (found.length === 0) return undefined;
        }
        return listTokens(store.sql, options.account);
      });
      if (listed === undefined) fail(`no such account: ${options.account}`);
      if (listed.length === 0) {
        say(
          options.account === undefined
            ? "no tokens: issue one with wsafe tokens create --account ID"
            : `account ${options.account} has no tokens: issue one with wsafe tokens create --account ${options.account}`,
        );
        return;
      }
      for (const line of tokenTable(listed)) console.log(line);
    });
  tokens
    .command("revoke")
    .description(
      "Deactivate a token, named by its id (see tokens list) or its secret: it then answers token_inactive.",
    )
    .argument("<TOKEN>", "the token's id (tok_..., from tokens list or create) or its secret")
    .addOption(databaseOption())
    .action(async (reference: string, options: { database: string }) => {
      const { revokeToken, tokenIdPattern } = await administration();
      const revoked = await withStore(options.database, (store) => revokeToken(store.sql, reference));
      // A secret is never echoed: only an argument shaped as an id is named back.
      if (!revoked)
        fail(
          tokenIdPattern.test(reference)
            ? `no token has the id ${reference} (nor is it a token's secret): wsafe tokens list shows every token's id`
            : "no token has this id or secret: wsafe tokens list shows every token's id (tok_...)",
        );
      console.log(
        revoked.wasActive
          ? `token ${revoked.id} of account ${revoked.accountId} revoked`
          : `token ${revoked.id} of account ${revoked.accountId} was already revoked`,
      );
    });
  return tokens;
}
