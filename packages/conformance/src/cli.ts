// The `wsafe-conformance` command line; the logic lives in runCli so tests can call it
// without a child process.
import { runCli } from "./runCli.js";

process.exitCode = await runCli(process.argv.slice(2), {
  env: process.env,
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
});
