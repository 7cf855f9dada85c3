// The version policy, what the breaking-change gate holds to it (its own rule table,
// read from @wsafe/contract-check, so the page says what the gate does), and how a
// consumer installs the packages from a registry.

import { createRequire } from "node:module";
import { type RuleId, rules } from "@wsafe/contract-check";
import { apiVersion } from "@wsafe/schema";
import { serverMetrics } from "@wsafe/schema/metrics";
import { code, frontMatter, inlineCode, page, table } from "../markdown.js";
import { nodeVersionWords } from "../nodeVersionWords.js";

/** The Node.js versions the packages declare they run on, as `engines.node` of `@wsafe/schema` says. */
const schemaEngines = (
  createRequire(import.meta.url)("@wsafe/schema/package.json") as { engines: { node: string } }
).engines.node;

/** The surfaces the policy covers, by the prefixes of the gate's rule ids. */
const surfaces: { title: string; prefixes: string[]; what: string }[] = [
  {
    title: "The /v1 contract",
    prefixes: ["contract.", "method.", "error.", "pipeline.", "record.", "request.", "response.", "schema."],
    what: "Methods, their parameters and results, the records, the error identifiers and the order of the request checks, compared direction-aware: requests may only widen, responses may only narrow or add.",
  },
  {
    title: "Pagination walks",
    prefixes: ["walk."],
    what: "Each paginated method's walk: the order of its pages, the parameters a cursor is bound to, the instant it keeps (see [Pagination](/pagination/)).",
  },
  {
    title: "Metric names",
    prefixes: ["metrics.", "metric."],
    what: `The ${serverMetrics.length} metrics of \`/metrics\` (see [Operate](/operate/)): what dashboards and alerts query.`,
  },
  {
    title: "Command line and environment variables",
    prefixes: ["cli."],
    what: "Every command of `wsafe`, its arguments, flags, their environment variables, defaults and allowed values, read from the built command line (see [Command line](/command-line/)).",
  },
];

function rulesTable(prefixes: readonly string[]): string {
  const ids = (Object.keys(rules) as RuleId[]).filter((id) =>
    prefixes.some((prefix) => id.startsWith(prefix)),
  );
  return table(
    ["Change", "Release", "Why"],
    ids.map((id) => [
      inlineCode(id),
      rules[id].severity === "breaking" ? "breaking: only in a new line (`/v2`, 2.0.0)" : "minor",
      rules[id].why,
    ]),
  );
}

/** The Markdown of the versions page. */
export function versionsPage(): string {
  return page(
    frontMatter({
      title: "Versions and releases",
      description:
        "The version policy of the /v1 packages, what the breaking-change gate checks, and how to install from a registry.",
    }),
    `\`@wsafe/schema\`, \`@wsafe/client\`, \`@wsafe/server\` and \`@wsafe/conformance\` share one version number: each release moves all four, and the [changelog](/changelog/) lists what each one brought.`,
    "## Version policy",
    [
      `- **The 1.x line is \`/${apiVersion}\`.** Every 1.x release serves the same \`/${apiVersion}\` contract and never breaks it.`,
      "- **A breaking change needs `/v2` and 2.0.0.** A change that breaks a consumer of `/v1` is a new contract line, under a new URL segment, released as the next major version. A major version that serves the same line does not exist: the major version names the line.",
      "- **Additive changes are minor releases**: a new method, optional parameter, response field, record, error identifier, flag, environment variable or metric.",
      "- **Fixes are patch releases**: behaviour brought back to what the contract says, with no change to it.",
      "- **Beyond the wire, the same rules hold for** the server's command-line flags and their environment variables (`wsafe serve --port` / `WSAFE_PORT`...), the packages' TypeScript API (exports, types, the client's methods and error types: a renamed export stays as a `@deprecated` alias until the next major), and the metric names, labels and buckets of `/metrics`.",
      "- **0.x was the pre-release of `/v1`**; 1.0.0 is the same contract, released.",
    ].join("\n"),
    "## What the breaking-change gate checks",
    "The repository holds the released contract and command line as snapshots, reviewed like an API report. Every test run compares them with what the code declares now; a breaking difference fails unless the release moves the contract to its next line as that line's major version, and an additive one needs a changeset that bumps the packages by at least a minor version. These are the gate's own rules:",
    ...surfaces.flatMap((surface) => [`### ${surface.title}`, surface.what, rulesTable(surface.prefixes)]),
    "## Installing from a registry",
    `The packages are ESM with TypeScript declarations and run on Node.js ${nodeVersionWords(schemaEngines)} (\`engines.node\`: \`${schemaEngines}\`); the release suite runs its consumer checks on each line. From the public registry, once they are published there (until then \`npm install @wsafe/client\` answers 404: \`npm run pack\` in a clone of the repository writes tarballs to install instead, see [installing the client](/client/#install)):`,
    code(
      "sh",
      [
        "npm install @wsafe/client @wsafe/schema       # calling the API, validating payloads",
        "npx -p @wsafe/server wsafe serve --demo       # a local server with demo data",
        "npx -p @wsafe/conformance wsafe-conformance https://your-host --token …",
      ].join("\n"),
    ),
    "From a company registry or mirror that holds the `@wsafe` scope, one line in the project's `.npmrc` sends that scope there, while every other package still comes from the registry npm uses:",
    code("ini", "@wsafe:registry=https://npm.example.internal/", ".npmrc"),
    [
      "- **Ranges.** `npm install` saves `^1.x.y`: minor and patch releases come with `npm update`, never a `/v2`.",
      "- **In step.** The packages depend on each other at exactly their own version, so install and update them together (`npm update` moves them all); pin one release with `npm install @wsafe/client@1.2.3 @wsafe/schema@1.2.3`.",
      "- **TypeScript.** Use `moduleResolution` `node16`, `nodenext` or `bundler`.",
      "- **Other languages.** The JSON Schema files ship inside `@wsafe/schema` (`@wsafe/schema/json-schema/<name>.json`) and are on the [Downloads](/downloads/) page.",
    ].join("\n"),
    "The repository's release suite does exactly this on every test run: it publishes the packages with the project's own release command to a registry on loopback, installs them with npm in projects outside the workspace through that one `.npmrc` line, uses each (an ESM import, `tsc` under `node16` and `bundler`, a browser bundle, the two `npx` commands, the JSON Schema files from Python), then publishes a patch and checks that `npm update` moves all four.",
  );
}
