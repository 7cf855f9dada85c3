// "Validate payloads in any language", proved with a validator we did not write:
// Debian's python3-jsonschema (Draft 2020-12) reads the published JSON Schema files and
// validates every real answer of the server, POST and GET, successes and failures.
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { schemaNames } from "@wsafe/schema";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { ecosystemDir, generatedDir, publishedFiles } from "../src/paths.js";
import { requestCases } from "../src/requestCases.js";
import { runTool } from "../src/runTool.js";
import { sendRequest } from "../src/sendRequest.js";

const serverUrl = inject("serverUrl");
// Debian's interpreter, where Debian's package is; scripts/services.sh names it.
const python = process.env.WSAFE_PYTHON_JSONSCHEMA ?? "/usr/bin/python3";
const script = join(ecosystemDir, "python", "validate_payloads.py");

interface Payload {
  name: string;
  schema: string;
  payload: unknown;
}

interface Report {
  jsonschema: string;
  schemas: number;
  errors: Record<string, string[]>;
}

/** Whether Debian's python3 can import jsonschema: the check skips, saying so, where it cannot. */
async function pythonJsonSchema(): Promise<boolean> {
  if (!existsSync(python)) return false;
  return (await runTool(python, ["-c", "import jsonschema"])).code === 0;
}

async function validateWithPython(payloads: Payload[]): Promise<Report> {
  mkdirSync(generatedDir, { recursive: true });
  const file = join(generatedDir, `payloads-${payloads.length}.json`);
  writeFileSync(file, JSON.stringify(payloads));
  const run = await runTool(python, [script, publishedFiles.jsonSchemaDir, file]);
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout);
}

const available = await pythonJsonSchema();
if (!available)
  console.warn(
    `python3-jsonschema is not importable by ${python}: skipped (scripts/services.sh installs it)`,
  );

describe.skipIf(!available)("Python's jsonschema (Debian's python3-jsonschema)", () => {
  const answers: Payload[] = [];

  beforeAll(async () => {
    for (const request of requestCases())
      for (const httpMethod of ["POST", "GET"] as const) {
        const { body } = await sendRequest(serverUrl, request, httpMethod);
        const ok = (body as { ok: boolean }).ok;
        answers.push({
          name: `${httpMethod} ${request.name}`,
          schema: ok ? `${request.method}.result` : "ErrorResponse",
          payload: body,
        });
      }
  });

  it("accepts every published file as a Draft 2020-12 schema and every real answer", async () => {
    const report = await validateWithPython(answers);
    expect(report.schemas).toBe(readdirSync(publishedFiles.jsonSchemaDir).length);
    expect(report.schemas).toBe(schemaNames.length);
    expect(Object.keys(report.errors)).toEqual(answers.map((answer) => answer.name));
    expect(Object.entries(report.errors).filter(([, errors]) => errors.length)).toEqual([]);
    console.log(`python3-jsonschema ${report.jsonschema}: ${answers.length} real answers valid`);
  });

  // Proof that it validates: what breaks the contract, it names.
  it("refuses an error without description and a user without name", async () => {
    const report = await validateWithPython([
      { name: "no description", schema: "ErrorResponse", payload: { ok: false, error: "token_invalid" } },
      { name: "no name", schema: "users.info.result", payload: { ok: true, user: { id: "u_ada" } } },
    ]);
    expect(report.errors["no description"]).toEqual([": 'description' is a required property"]);
    expect(report.errors["no name"]).toEqual(["user: 'name' is a required property"]);
  });
});
