// The Command line page's section on the demo: what `npm start` prints (from the
// server's own functions), its tokens and how to get a token of one's own.

import { code, inlineCode, table } from "../markdown.js";
import { certificateLine, readyLines } from "../serverCommandLine.js";
import { defaultBaseUrl } from "../sitePaths.js";

/** Where the example's clone is: a path of a reader's machine, not of the build's. */
export const exampleClone = "/home/you/wsafe";

/** The title of the block holding what `npm start` prints, which the docs tests find it by. */
export const demoLinesTitle = "npm start, on stderr (its JSON log goes to stdout)";

/** The demo's tokens, as the demo dataset has them, with what each is for. */
export const demoTokenRoles = [
  ["wsafe-demo-token-read", "read, account `acc_demo`: the token of every example on this site"],
  [
    "wsafe-demo-token-write",
    "read and write, `acc_demo`: for the methods that need `write` (`webhooks.create`, ...)",
  ],
  ["wsafe-demo-token-revoked", "deactivated: answers `token_inactive`"],
  ["wsafe-demo-token-closed-account", "of the inactive account `acc_closed`: answers `account_inactive`"],
  ["wsafe-demo-token-other-account", "read, account `acc_other`: to see that accounts are apart"],
] as const;

/** What `npm start` prints for people, as the server's functions write it. */
export function demoLines(): string[] {
  const config = {
    docsDir: `${exampleClone}/apps/docs/dist/`,
    server: { demo: true },
    selfSignedCertPath: `${exampleClone}/.wsafe/tls/localhost-cert.pem`,
  };
  return [certificateLine(config)!, ...readyLines(config, defaultBaseUrl, undefined)];
}

const countWords = ["no", "one", "two", "three", "four", "five", "six"];

/** How many `curl` lines `npm start` prints, in words ("three"), counted from what it prints. */
export function demoCurlCount(): string {
  const count = demoLines().filter((line) => /^\s+curl /.test(line)).length;
  return countWords[count] ?? String(count);
}

/** The Markdown of the section, from its heading on. */
export function demoLinesSection(): string[] {
  return [
    "## The demo",
    `\`npm start\` (that is, \`wsafe serve --demo\` on the embedded store) imports the demo dataset into an empty store once, then prints where its certificate is, the demo's tokens with a read token and a read-and-write one, ${demoCurlCount()} \`curl\` lines that work as printed, and the readiness line; then \`npm start\` adds how long it took.`,
    code("text", demoLines().join("\n"), demoLinesTitle),
    "The demo's tokens are public, printed here and in the server's README: never import the demo data into a store that holds real data.",
    table(
      ["Token", "What it is"],
      demoTokenRoles.map(([token, role]) => [inlineCode(token), role]),
    ),
    "For your own data, issue tokens with `wsafe tokens create --account ID` (add `--write` for the methods that need it); on the embedded store, stop the server first (see above).",
  ];
}
