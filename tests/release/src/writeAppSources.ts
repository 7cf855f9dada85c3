import { writeFileSync } from "node:fs";
import { join } from "node:path";

// What a team's TypeScript would hold: both packages' types in use, and one call that
// must not compile, so that a client typed as `any` fails the check instead of passing it.
const typed = `import { createClient, isWsafeApiError } from "@wsafe/client";
import { type Equipment, equipmentSchema, methods } from "@wsafe/schema";

const client = createClient({ baseUrl: "https://127.0.0.1:8443", token: "wsafe-demo-token-read" });

export async function firstStatus(): Promise<Equipment["status"] | undefined> {
  const { equipments } = await client.equipments.list({ equipmentType_id: "et_harness" });
  return equipments[0]?.status;
}

export async function userName(id: string): Promise<string | undefined> {
  try {
    return (await client.users.info({ user: id })).user.name;
  } catch (error) {
    if (isWsafeApiError(error, "users.info") && error.error === "content_not_found") return undefined;
    throw error;
  }
}

export const methodNames: string[] = Object.keys(methods);
export const valid: boolean = equipmentSchema.safeParse({}).success;

// @ts-expect-error users.info needs \`user\`
export const missing = () => client.users.info({});
`;

const tsconfig = (module: string, moduleResolution: string) =>
  `${JSON.stringify(
    {
      compilerOptions: {
        target: "es2022",
        module,
        moduleResolution,
        lib: ["es2022", "dom"],
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        types: [],
      },
      files: ["typed.ts"],
    },
    null,
    2,
  )}\n`;

// Plain ESM, as `node app.mjs` runs it: both packages imported, one real call.
const app = `import { createClient } from "@wsafe/client";
import { methods, usersInfoResultSchema } from "@wsafe/schema";

const client = createClient({ baseUrl: process.env.WSAFE_URL, token: "wsafe-demo-token-read" });
const answer = await client.users.info({ user: "u_ada" });
console.log(JSON.stringify({ user: answer.user, valid: usersInfoResultSchema.safeParse(answer).success, methods: Object.keys(methods) }));
`;

// The browser bundle's entry: what a web page would ship.
const browser = `import { createClient } from "@wsafe/client";
globalThis.wsafe = { createClient };
`;

/**
 * Writes the application consumer's sources into `dir`: `typed.ts` with a
 * `tsconfig.node16.json` and a `tsconfig.bundler.json`, `app.mjs` for Node, and
 * `browser.mjs`, the entry of the browser bundle.
 *
 * @param dir - the consumer project
 */
export function writeAppSources(dir: string): void {
  writeFileSync(join(dir, "typed.ts"), typed);
  writeFileSync(join(dir, "tsconfig.node16.json"), tsconfig("node16", "node16"));
  writeFileSync(join(dir, "tsconfig.bundler.json"), tsconfig("esnext", "bundler"));
  writeFileSync(join(dir, "app.mjs"), app);
  writeFileSync(join(dir, "browser.mjs"), browser);
}
