// The `contract-check` command line; the logic lives in runContractCheck so tests
// can call it without a child process.
import { runContractCheck } from "./runContractCheck.js";

process.exitCode = runContractCheck(process.argv.slice(2), {
  cwd: process.cwd(),
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
});
