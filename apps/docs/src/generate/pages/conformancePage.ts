// The conformance kit: what @wsafe/conformance checks (its own list of checks, as it
// would run them against this registry), its command line (the `usage` it prints) and
// its API. Nothing here restates a check or a flag the kit can tell itself.
import { listChecks, usage } from "@wsafe/conformance";
import { headerNames } from "@wsafe/schema";
import { tarballDirectory, tarballInstallLine } from "../installFromTarballs.js";
import { code, frontMatter, inlineCode, page } from "../markdown.js";
import { defaultBaseUrl, methodPath } from "../sitePaths.js";

/** The checks of a run with one token, grouped by suite in run order. */
function checksBySuite(): Map<string, string[]> {
  const suites = new Map<string, string[]>();
  for (const check of listChecks({ baseUrl: defaultBaseUrl, token: "-" }))
    suites.set(check.suite, [...(suites.get(check.suite) ?? []), check.name]);
  return suites;
}

function suiteSection(suite: string, names: readonly string[]): string {
  const title = suite.startsWith("(") ? `${suite}: the URL space` : `[${suite}](${methodPath(suite)})`;
  return page(
    `### ${title}`,
    `${names.length} checks:`,
    names.map((name) => `- ${inlineCode(name)}`).join("\n"),
  ).trimEnd();
}

/** The Markdown of the conformance page, `/conformance/`. */
export function conformancePage(): string {
  const suites = checksBySuite();
  const total = [...suites.values()].reduce((sum, names) => sum + names.length, 0);
  const headers = headerNames();
  return page(
    frontMatter({
      title: "Conformance kit",
      description: "@wsafe/conformance checks any deployment of /v1 against the published contract.",
    }),
    "`@wsafe/conformance` checks a running deployment of /v1 against the published contract: your staging server, a proxy in front of ours, or your own implementation of the API. It sends real requests, one at a time, and reports each check as passed, failed or skipped, as text, JSON or JUnit XML for CI.",
    "## Run it",
    code(
      "sh",
      [
        'npx @wsafe/conformance https://api.example.test --token "$WSAFE_TOKEN" --write-token "$WSAFE_WRITE_TOKEN" \\',
        '  --other-token "$WSAFE_OTHER_TOKEN" --other-id user=u_y \\',
        "  --params my-ids.json --junit conformance.xml",
      ].join("\n"),
    ),
    `Until the packages are on a public registry, \`npx @wsafe/conformance\` answers 404. Meanwhile install the kit in a project of yours from the tarballs that \`npm run pack -- --out ${tarballDirectory}\` writes in a clone of the repository (see [installing the client](/client/#install)), with the line it prints for it, and run it as \`npx -p @wsafe/conformance wsafe-conformance\` (naming the package: without \`-p\`, where the kit is not installed, npx would ask the public registry for an unscoped package named after the command, which anyone could publish):`,
    code(
      "sh",
      [
        tarballInstallLine("@wsafe/conformance"),
        'npx -p @wsafe/conformance wsafe-conformance https://api.example.test --token "$WSAFE_TOKEN"',
      ].join("\n"),
    ),
    `Against the local demo server (\`npm start\` in the repository, at ${inlineCode(defaultBaseUrl)} with a self-signed certificate), whose second account holds the records named below:`,
    code(
      "sh",
      [
        `npx @wsafe/conformance ${defaultBaseUrl} --insecure --token wsafe-demo-token-read \\`,
        "  --write-token wsafe-demo-token-write --other-token wsafe-demo-token-other-account \\",
        "  --other-id equipmentType_id=et_other_account --other-id user=u_other",
      ].join("\n"),
    ),
    "The successful calls use the request data of each method's first example (the demo dataset's ids) unless you give your own with `--params` or `--param`; against your data, give ids that exist in the account of `--token`. Their `limit` and `cursor` are left out: the checks compare whole answers, and page where they mean to.",
    "## What it checks",
    `Every answer, whatever the check, must be HTTP 200 (204 for an OPTIONS pre-flight) with \`Content-Type: application/json\` and a JSON object with a boolean \`ok\`; a failure must match the published \`ErrorResponse\`; and every answer must carry \`${headers.requestId}\` and \`${headers.responseTime}\` (the prefix is \`--header-prefix\`). On top of that, a run over every method of the registry makes these ${total} checks. The parameter checks are derived from each method's published params schema: each case is a request with exactly one thing wrong, and the \`description\` must name the parameter.`,
    "Tenant isolation needs a second account (`--other-token`, and `--other-id` for the records it owns): its checks prove that your token asking for the other account's records gets `content_not_found`, and that the other token never gets your answer. Without it they are **skipped**; a check that cannot run is never counted as passed.",
    "The methods that need the `write` permission are checked without writing anything. With `--token` alone, a write method is checked for `token_permission` (the read token refused, over POST and GET) and its other checks that need a token are **skipped**, each saying to give `--write-token`. With `--write-token` (a token of the same account with `write`), they run on a request the service must refuse after the permission check, in place of a successful call: `webhooks.create` with a private address as `url` (`parameter_invalid`; never connected to), `webhooks.delete` and `webhooks.rotate_secret` with an endpoint id that does not exist (`content_not_found`); their `refusal:` checks stand where the `success:` ones of a read method do. No endpoint is ever made, so no delivery ever goes to a third party. `webhooks.deliveries` needs an endpoint of the account, which the kit never makes: give one with `--param webhooks.deliveries.webhook_id=ID`, else it is called with an id that does not exist and its pages are skipped, saying so. See [Webhooks](/webhooks/).",
    ...[...suites].map(([suite, names]) => suiteSection(suite, names)),
    "## Options",
    "What `wsafe-conformance --help` prints:",
    code("text", usage, "wsafe-conformance --help"),
    "Tokens may come from the environment (`WSAFE_TOKEN`, `WSAFE_WRITE_TOKEN`, `WSAFE_OTHER_TOKEN`) to keep them out of process lists. With `--junit FILE` the report is also written as JUnit XML: one `<testsuite>` per suite above, one `<testcase>` per check.",
    "## From code",
    "The same kit is a library: `runConformance` returns the report, `formatText` and `toJUnit` render it, and `listChecks` tells what a run would check, without sending a request.",
    code(
      "ts",
      [
        'import { formatText, runConformance, toJUnit } from "@wsafe/conformance";',
        'import { writeFileSync } from "node:fs";',
        "",
        "const report = await runConformance({",
        '  baseUrl: "https://api.example.test",',
        "  token: process.env.WSAFE_TOKEN!,",
        "  writeToken: process.env.WSAFE_WRITE_TOKEN,",
        '  other: { token: process.env.WSAFE_OTHER_TOKEN!, ids: { user: "u_y" } },',
        "  onResult: (result) => console.log(result.suite, result.name, result.status),",
        "});",
        "console.log(formatText(report));",
        'writeFileSync("conformance.xml", toJUnit(report));',
        "if (report.failed) process.exitCode = 1;",
      ].join("\n"),
    ),
    "The kit reads the contract from `@wsafe/schema`, so the version you install checks the contract of that version: a method added in a later minor version is checked once you update the kit. To validate single payloads rather than a deployment, see [validation](/validation/).",
  );
}
