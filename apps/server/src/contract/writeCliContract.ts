// Build step: writes generated/cli.json, the command line as the breaking-change gate
// compares it (see toCliContract). It loads the built command line itself, with
// commander's parse made to hand the program over instead of running it, so the
// snapshot is read from what `wsafe` really declares. Run after tsc, from any directory.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Command } from "commander";
import { toCliContract } from "./toCliContract.js";

const packageDir = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
let program: Command | undefined;
// The first command parsed is the root program: cli.js parses it at the end of its import.
Command.prototype.parseAsync = async function (this: Command) {
  program ??= this;
  return this;
};
Command.prototype.parse = function (this: Command) {
  program ??= this;
  return this;
};
await import("../cli.js");
if (!program) throw new Error("dist/cli.js built no commander program");
const file = join(packageDir, "generated", "cli.json");
mkdirSync(dirname(file), { recursive: true });
const contract = toCliContract(program);
writeFileSync(file, `${JSON.stringify(contract, null, 2)}\n`);
console.log(`@wsafe/server: wrote generated/cli.json (${Object.keys(contract.commands).length} commands)`);
