import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type MethodName, methods, methodUrlPath } from "@wsafe/schema";
import { type RequestCase, successExample } from "./requestCases.js";

/** The calls one generated client makes, as TypeScript that must compile under `--strict`. */
export interface ClientProgram {
  /** The program's file, which exports `run(baseUrl)`: case name → the typed `data` it got. */
  file: string;
}

/** The SDK function @hey-api/openapi-ts names after an operationId: `users.info` → `usersInfo`. */
export function heyApiFunctionName(operationId: string): string {
  return operationId.replace(/[^A-Za-z0-9]+([A-Za-z0-9])/g, (_match, next: string) => next.toUpperCase());
}

/**
 * Code that reads the typed answer as a caller would, so that it compiles only if the
 * generated types say what the server answers: on success each field of the method's
 * result, on failure an `error` from the method's own list and a `description` that
 * is always a string.
 */
function typedReading(method: MethodName): string {
  const definition = methods[method];
  const fields = Object.keys(definition.result.shape).filter((key) => key !== "ok");
  const errors = definition.errors.map((error) => JSON.stringify(error)).join(" | ");
  return [
    "    if (data.ok) {",
    ...fields.map((field) => `      seen.push(data.${field});`),
    "    } else {",
    `      const error: ${errors} = data.error;`,
    "      const description: string = data.description;",
    "      seen.push(error, description);",
    "    }",
  ].join("\n");
}

/** Calls that leave out the token, which the generated types must refuse. */
function tokenRequired(call: (method: MethodName, body: string) => string): string {
  const lines = Object.values(methods).flatMap((method) => {
    const { token: _token, ...withoutToken } = successExample(method);
    return [
      "  // @ts-expect-error the token is a required property of the request data",
      `  await ${call(method.name, JSON.stringify(withoutToken))};`,
    ];
  });
  return [
    "/** Never called: it only has to compile, each call refused for want of a token. */",
    "export async function withoutToken(): Promise<void> {",
    ...lines,
    "}",
  ].join("\n");
}

function program(
  header: string[],
  setup: string,
  call: (request: RequestCase) => string,
  cases: readonly RequestCase[],
  noToken: string,
): string {
  const calls = cases.map((request) =>
    [
      "  {",
      `    const { data } = await ${call(request)};`,
      `    if (data === undefined) throw new Error(${JSON.stringify(`no data for ${request.name}`)});`,
      typedReading(request.method),
      `    answers[${JSON.stringify(request.name)}] = data;`,
      "  }",
    ].join("\n"),
  );
  return [
    "// Written by tests/ecosystem from the @wsafe/schema registry; compiled with tsc --strict.",
    ...header,
    "",
    "/** Calls every case; answers by case name. */",
    "export async function run(baseUrl: string): Promise<Record<string, unknown>> {",
    setup,
    "  const answers: Record<string, unknown> = {};",
    "  const seen: unknown[] = [];",
    ...calls,
    "  return answers;",
    "}",
    "",
    noToken,
    "",
  ].join("\n");
}

/**
 * Writes, beside the generated clients in `dir`, one program per client that calls
 * every case's method over POST with a typed body and reads the typed answer:
 * `openapi-fetch.ts` (openapi-typescript's `paths` in `openapi-typescript/schema.ts`)
 * and `hey-api.ts` (the SDK in `hey-api/`).
 *
 * @param dir - where the generators wrote their output
 * @param cases - the cases, all accepted by their method's schema
 */
export function writeClientPrograms(
  dir: string,
  cases: readonly RequestCase[],
): Record<"openapiFetch" | "heyApi", ClientProgram> {
  mkdirSync(dir, { recursive: true });
  const openapiFetch = program(
    [
      'import createClient from "openapi-fetch";',
      'import type { paths } from "./openapi-typescript/schema";',
    ],
    "  const client = createClient<paths>({ baseUrl });",
    (request) =>
      `client.POST(${JSON.stringify(methodUrlPath(request.method))}, { body: ${JSON.stringify(request.data)} })`,
    cases,
    tokenRequired(
      (method, body) =>
        `createClient<paths>().POST(${JSON.stringify(methodUrlPath(method))}, { body: ${body} })`,
    ),
  );
  const heyApi = program(
    ['import { createClient } from "./hey-api/client";', 'import * as sdk from "./hey-api/sdk.gen";'],
    "  const client = createClient({ baseUrl });",
    (request) =>
      `sdk.${heyApiFunctionName(request.method)}({ client, body: ${JSON.stringify(request.data)} })`,
    cases,
    tokenRequired((method, body) => `sdk.${heyApiFunctionName(method)}({ body: ${body} })`),
  );
  const files = { openapiFetch: join(dir, "openapi-fetch.ts"), heyApi: join(dir, "hey-api.ts") };
  writeFileSync(files.openapiFetch, openapiFetch);
  writeFileSync(files.heyApi, heyApi);
  return { openapiFetch: { file: files.openapiFetch }, heyApi: { file: files.heyApi } };
}
