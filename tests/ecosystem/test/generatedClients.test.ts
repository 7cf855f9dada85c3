// Clients generated from the published OpenAPI 3.1 document with each generator's
// default settings: openapi-typescript + openapi-fetch, and @hey-api/openapi-ts. Code
// that calls every method with a typed body (the token in it, nothing hand-added) and
// reads the typed answer compiles under tsc --strict, and runs against the real server.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { comparableAnswer } from "../src/comparableAnswer.js";
import { generatedDir, publishedFiles, toolBin } from "../src/paths.js";
import { requestCases } from "../src/requestCases.js";
import { runTool } from "../src/runTool.js";
import { sendRequest } from "../src/sendRequest.js";
import { type ClientProgram, writeClientPrograms } from "../src/writeClientPrograms.js";

const serverUrl = inject("serverUrl");
const dir = join(generatedDir, "clients");
// Only what the document accepts: a refused request would not compile, by design.
const cases = requestCases().filter((request) => request.accepted);
let programs: Record<"openapiFetch" | "heyApi", ClientProgram>;

/** Runs a generator and fails with its output when it fails. */
async function generate(command: string, args: string[]) {
  const run = await runTool(toolBin(command), args, { cwd: dir });
  expect(run.code, `${command}:\n${run.stdout}\n${run.stderr}`).toBe(0);
}

beforeAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  programs = writeClientPrograms(dir, cases);
  await generate("openapi-typescript", [
    publishedFiles.openapi31,
    "-o",
    join(dir, "openapi-typescript", "schema.ts"),
  ]);
  await generate("openapi-ts", ["-i", publishedFiles.openapi31, "-o", join(dir, "hey-api")]);
  // tsc's defaults but strict, for modules a bundler resolves (openapi-typescript's
  // import has no extension); the default lib of ES2022 holds the DOM's fetch types.
  writeFileSync(
    join(dir, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        target: "ES2022",
        module: "ESNext",
        moduleResolution: "Bundler",
      },
      include: ["**/*.ts"],
    }),
  );
});

describe("the generated clients", () => {
  it("compile with tsc --strict, the programs that call every method included", async () => {
    const run = await runTool(toolBin("tsc"), ["-p", join(dir, "tsconfig.json")]);
    expect(run.stdout + run.stderr).toBe("");
    expect(run.code).toBe(0);
  });

  // Once the document's apiKey scheme (`in: query`) made the SDK put the token in the
  // query string of every call.
  it("put the token nowhere but in the typed body: @hey-api/openapi-ts's SDK has no security entry", () => {
    const sdk = readFileSync(join(dir, "hey-api", "sdk.gen.ts"), "utf8");
    expect(sdk).not.toMatch(/security\s*:/);
    expect(sdk).not.toMatch(/in:\s*'query'/);
  });

  it.each([
    ["openapi-typescript + openapi-fetch", "openapiFetch"],
    ["@hey-api/openapi-ts", "heyApi"],
  ] as const)("%s calls every method and gets the server's own answers", async (_title, client) => {
    const { run } = (await import(programs[client].file)) as {
      run(baseUrl: string): Promise<Record<string, unknown>>;
    };
    const answers = await run(serverUrl);
    expect(Object.keys(answers)).toEqual(cases.map((request) => request.name));
    for (const request of cases) {
      const direct = await sendRequest(serverUrl, request, "POST");
      expect(comparableAnswer(answers[request.name]), request.name).toEqual(comparableAnswer(direct.body));
      expect(direct.body).toMatchObject(request.error ? { ok: false, error: request.error } : { ok: true });
    }
  });
});
