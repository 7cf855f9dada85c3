// `npm run pack -- --out <dir>`, the command the docs give for installing the packages
// until they are on a registry: it writes a tarball of every published package and
// prints the npm install line of each, and the client's line alone, run with npm in a
// project outside the workspace, installs a client that imports and calls. Before it,
// `npm install @wsafe/client` answered 404 and `npm pack` made a tarball npm refused
// (`Unsupported URL Type "workspace:"`).
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { npmInstall } from "./npmInstall.js";
import { publishedPackages } from "./publishedPackages.js";
import { type PackCommandRun, readPackCommandOutput } from "./runPackCommand.js";

// The suite's one run of the command (src/testing/packOnce.ts), into `out`.
const { out, output } = inject("packCommand");
let work: string;
let run: PackCommandRun;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), "wsafe-pack-command-"));
  run = readPackCommandOutput(output);
});

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
}, 60_000);

describe("npm run pack -- --out <dir>, as the docs give it", () => {
  it("writes a tarball of every published package into <dir> and says where", () => {
    expect([...run.tarballs.keys()].sort()).toEqual(publishedPackages.map((pkg) => pkg.name).sort());
    for (const tarball of run.tarballs.values()) {
      expect(dirname(tarball)).toBe(out);
      expect(existsSync(tarball), tarball).toBe(true);
    }
    expect(run.installLine("every package")).toBe(`npm install ${[...run.tarballs.values()].join(" ")}`);
    expect(run.output).toContain(`pack: wrote ${publishedPackages.length} tarballs to ${out}`);
  });

  // The client alone must not need a registry for @wsafe/schema either.
  it("prints the line that installs the client alone, with npm only, and the client imports and calls", () => {
    const line = run.installLine("@wsafe/client");
    expect(line).toBe(
      `npm install ${run.tarballs.get("@wsafe/schema")} ${run.tarballs.get("@wsafe/client")}`,
    );
    const project = join(work, "client-only");
    mkdirSync(project);
    writeFileSync(join(project, "package.json"), JSON.stringify({ name: "client-only", private: true }));
    npmInstall(line, project);
    expect(existsSync(join(project, "node_modules", "@wsafe", "server"))).toBe(false);
    const script = `import { createClient, clientDefaults } from "@wsafe/client";
      const client = createClient({ baseUrl: "http://127.0.0.1:9", token: "t", retries: false });
      const error = await client.users.info({ user: "u_ada" }).catch((err) => err);
      console.log(JSON.stringify({ code: error.code, method: clientDefaults.method }));`;
    const result = spawnSync(process.execPath, ["--no-warnings", "--input-type=module", "-e", script], {
      cwd: project,
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(result.stderr).toBe("");
    // Nothing listens on port 9: the call fails as a transport error, from the installed client.
    expect(JSON.parse(result.stdout)).toEqual({ code: "wsafe_transport_error", method: "POST" });
  }, 300_000);

  // A TypeScript team's tRPC client needs the router's type, not the server: the client's
  // line plus @trpc/client (and its peer @trpc/server) types the calls and the stream.
  // Before, that type came from @wsafe/server alone (113 packages, PGlite, pg, Fastify).
  it("types a tRPC client and its events.stream from @wsafe/client/trpc, with no server installed", () => {
    const project = join(work, "trpc-typed");
    mkdirSync(project);
    writeFileSync(
      join(project, "package.json"),
      JSON.stringify({ name: "trpc-typed", private: true, type: "module" }),
    );
    npmInstall(
      run.installLine("@wsafe/client"),
      project,
      "@trpc/client@~11.25.2 @trpc/server@~11.25.2 typescript@~6.0.2",
    );
    for (const absent of ["@wsafe/server", "@electric-sql/pglite", "pg", "fastify"])
      expect(existsSync(join(project, "node_modules", absent)), absent).toBe(false);
    const compilerOptions = {
      target: "ES2022",
      module: "NodeNext",
      moduleResolution: "NodeNext",
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      types: [],
    };
    const typecheck = (file: string, source: string) => {
      writeFileSync(join(project, file), source);
      const config = `tsconfig.${file}.json`;
      writeFileSync(join(project, config), JSON.stringify({ compilerOptions, files: [file] }));
      return spawnSync(
        process.execPath,
        [join(project, "node_modules", "typescript", "bin", "tsc"), "-p", config],
        {
          cwd: project,
          encoding: "utf8",
          timeout: 60_000,
        },
      );
    };
    const client = `import { createTRPCClient, httpBatchLink, httpSubscriptionLink, splitLink, TRPCClientError } from "@trpc/client";
import type { AppRouter } from "@wsafe/client/trpc";
const url = "https://wsafe.example.test/trpc";
export const trpc = createTRPCClient<AppRouter>({
  links: [splitLink({ condition: (op) => op.type === "subscription", true: httpSubscriptionLink({ url }), false: httpBatchLink({ url }) })],
});
`;
    const good = typecheck(
      "good.ts",
      `${client}
export async function titles(): Promise<string[]> {
  const { resources } = await trpc["resources.list"].query({ token: "t" });
  return resources.map((resource) => resource.title);
}
export const made = trpc["webhooks.create"].mutate({ token: "t", url: "https://hooks.example.test/" });
export const subscription = trpc["events.stream"].subscribe(
  { token: "t", types: ["equipment.status_changed"] },
  { onData: ({ id, data }) => console.log(id, data.equipment_id, data.to) },
);
export const identifier = (error: TRPCClientError<AppRouter>): string | undefined => error.data?.error;`,
    );
    expect(good.stdout + good.stderr).toBe("");
    expect(good.status).toBe(0);
    // A query with a missing parameter, a write called as a query, a field no event has.
    const wrong = typecheck(
      "wrong.ts",
      `${client}
export const info = trpc["users.info"].query({ token: "t" });
export const made = trpc["webhooks.create"].query({ token: "t", url: "https://hooks.example.test/" });
export const subscription = trpc["events.stream"].subscribe({ token: "t" }, { onData: ({ data }) => data.severity });`,
    );
    expect(wrong.status).not.toBe(0);
    const lines = [...wrong.stdout.matchAll(/^wrong\.ts\((\d+),\d+\): error TS\d+/gm)].map((match) =>
      Number(match[1]),
    );
    expect([...new Set(lines)]).toEqual([8, 9, 10]);
  }, 300_000);
});
