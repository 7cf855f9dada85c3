import { Command } from "commander";
import { databaseOption, fail } from "./cliArguments.js";
import { withStore } from "./withStore.js";

/** `activate` or `deactivate`: one action of `wsafe accounts`, the other's undo. */
function switchAccount(active: boolean) {
  return async (id: string, options: { database: string }) => {
    const { setAccountActive } = await import("../store/administration/setAccountActive.js");
    const outcome = await withStore(options.database, (store) => setAccountActive(store.sql, id, active));
    if (!outcome) fail(`no such account: ${id}: accounts come from a dataset import (wsafe import FILE)`);
    const state = active ? "activated" : "deactivated";
    console.log(
      outcome.wasAlready
        ? `account ${id} was already ${active ? "active" : "inactive"}`
        : `account ${id} ${state}`,
    );
  };
}

/**
 * `wsafe accounts`: `deactivate` (its tokens answer `account_inactive`) and `activate`,
 * which undoes it. Each token keeps its own switch: activating an account brings back the
 * tokens that were active, not those revoked meanwhile.
 *
 * @returns the command, for `program.addCommand`
 */
export function accountsCommand(): Command {
  const accounts = new Command("accounts")
    .description("Activate and deactivate accounts.")
    .showHelpAfterError();
  accounts
    .command("deactivate")
    .description("Deactivate an account: its tokens then answer account_inactive.")
    .argument("<ID>", "the account id")
    .addOption(databaseOption())
    .action(switchAccount(false));
  accounts
    .command("activate")
    .description("Activate an account again (undoes deactivate): its active tokens answer again.")
    .argument("<ID>", "the account id")
    .addOption(databaseOption())
    .action(switchAccount(true));
  return accounts;
}
