#!/usr/bin/env node
// Starts @wsafe/server in its own process with options the command line does not
// offer (logger settings, a huge rate limit for the fuzzer), prints the readiness line
// of decisions §6 and stops gracefully on SIGTERM/SIGINT, like `wsafe serve`.
// Usage: node launch-server.mjs '<ServerOptions as JSON>'
import { startServer } from "@wsafe/server";

const options = JSON.parse(process.argv[2] ?? "{}");
const server = await startServer(options);
console.log(`listening on ${server.url}`);
let stopping = false;
for (const signal of ["SIGTERM", "SIGINT"]) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    server.close().then(
      () => process.exit(0),
      (error) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
