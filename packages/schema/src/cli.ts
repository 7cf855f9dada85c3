// The `wsafe-schema` command: validates payloads against the contract from any
// language's pipeline. Exit codes: 0 valid, 1 invalid (issues listed), 2 bad usage.
import { readFileSync } from "node:fs";
import { isSchemaName, schemaCatalog, schemaNames } from "./catalog.js";
import { describeJsonSyntaxError } from "./problems/describeJsonSyntaxError.js";
import { describeProblems } from "./problems/describeProblems.js";
import { formatProblems } from "./problems/formatProblems.js";
import { validate } from "./validate.js";

const usage = `Usage: wsafe-schema validate <name> [file|-]
       wsafe-schema list

Validates a JSON payload (a file, or standard input when the file is - or absent)
against a named schema of the /v1 contract.

Commands:
  validate <name> [file|-]  exit 0 when valid, 1 when invalid (the first 50 problems listed), 2 on bad usage
  list                      prints every schema name with what it describes

Examples:
  wsafe-schema validate Dataset demo.json
  curl -s ... | wsafe-schema validate equipments.list.result -`;

function fail(message: string): never {
  process.stderr.write(`wsafe-schema: ${message}\n\n${usage}\n`);
  process.exit(2);
}

const [command, ...rest] = process.argv.slice(2);
if (command === "--help" || command === "-h" || command === "help") {
  process.stdout.write(`${usage}\n`);
} else if (command === "list") {
  for (const name of schemaNames)
    process.stdout.write(`${name.padEnd(26)} ${schemaCatalog[name].description}\n`);
} else if (command === "validate") {
  const [name, file = "-", ...extra] = rest;
  if (!name) fail("validate needs a schema name");
  if (extra.length) fail(`unexpected argument: ${extra[0]}`);
  if (!isSchemaName(name)) fail(`unknown schema name: ${name} (see wsafe-schema list)`);
  let text: string;
  try {
    text = readFileSync(file === "-" ? 0 : file, "utf8");
  } catch (error) {
    fail(
      `cannot read ${file === "-" ? "standard input" : file}: ${(error as NodeJS.ErrnoException).code ?? "error"}`,
    );
  }
  let payload: unknown;
  const json = text.replace(/^\uFEFF/, "");
  try {
    payload = JSON.parse(json);
  } catch (error) {
    // Line, column and the line itself: a character offset alone finds nothing in a file.
    process.stdout.write(`invalid: not JSON: ${describeJsonSyntaxError(json) ?? (error as Error).message}\n`);
    process.exit(1);
  }
  // The compiled check first: a large valid payload never pays for the wording.
  if (validate(name, payload).ok) {
    process.stdout.write(`valid ${name}\n`);
  } else {
    const problems = describeProblems(name, payload);
    process.stdout.write(`invalid ${name}: ${problems.length} problem${problems.length === 1 ? "" : "s"}\n`);
    process.stdout.write(`${formatProblems(problems)}\n`);
    process.exitCode = 1;
  }
} else {
  fail(command ? `unknown command: ${command}` : "a command is needed");
}
