// The server's command line: `wsafe serve`, `import`, `tokens` and `accounts`. Commands,
// flags, variables and defaults come from the built program (`generated/cli.json` of
// @wsafe/server); the words about each are written here, keyed by command and flag, and
// the build fails when the two disagree.
import {
  type CliCommand,
  type CliReference,
  commandUsage,
  flagUsage,
  readCliReference,
} from "../cliReference.js";
import { code, frontMatter, inlineCode, page, table } from "../markdown.js";
import {
  commandMeanings,
  type OptionMeaning,
  otherOptionMeanings,
  serveOptionMeanings,
} from "./cliMeanings.js";
import { demoLinesSection } from "./demoLinesSection.js";

/** The commands that do something (`wsafe tokens` only groups `create` and `revoke`). */
function leafCommands(cli: CliReference): [string, CliCommand][] {
  const paths = Object.keys(cli.commands);
  return Object.entries(cli.commands).filter(
    ([path]) => path !== cli.program && !paths.some((other) => other.startsWith(`${path} `)),
  );
}

/** Fails the build over a flag or command the page has no words for, or words for one the program lacks. */
function expectSame(what: string, program: readonly string[], page: readonly string[]): void {
  const missing = program.filter((name) => !page.includes(name));
  const stale = page.filter((name) => !program.includes(name));
  if (missing.length || stale.length)
    throw new Error(
      `Command line page: ${what} without words here: ${missing.join(", ") || "none"}; words for ${what} the built program lacks: ${stale.join(", ") || "none"}`,
    );
}

/** The first cell of an option's row: the flag as `--help` shows it, its variable under it. */
const optionCell = (flag: string, option: CliCommand["options"][string]) =>
  `${inlineCode(flagUsage(flag, option))}${option.env ? `<br>${inlineCode(option.env + (option.value === "none" ? "=1" : ""))}` : ""}`;

/** The default as the program has it, else what the page says happens without the flag. */
function defaultCell(option: CliCommand["options"][string], meaning: OptionMeaning): string {
  if (option.defaultText !== undefined) return inlineCode(option.defaultText);
  if (!meaning.unset) throw new Error("an option without a default needs `unset` words");
  return meaning.unset;
}

/** A table whose first column holds flags, which never break (src/styles/inlineCode.css). */
const cliTable = (markdown: string) => `<div class="cli-table">\n\n${markdown}\n\n</div>`;

/** The Markdown of the command line page. */
export function commandLinePage(cli: CliReference = readCliReference()): string {
  const commands = leafCommands(cli);
  expectSame(
    "commands",
    commands.map(([path]) => path),
    Object.keys(commandMeanings),
  );
  const serve = cli.commands[`${cli.program} serve`]!;
  expectSame("serve flags", Object.keys(serve.options), Object.keys(serveOptionMeanings));
  const others = commands.filter(([path]) => !path.endsWith(" serve"));
  const otherFlags = [...new Set(others.flatMap(([, command]) => Object.keys(command.options)))];
  expectSame("flags of the other commands", otherFlags, Object.keys(otherOptionMeanings));
  return page(
    frontMatter({
      title: "Command line",
      description: "Running the server: wsafe serve, import, tokens and accounts.",
    }),
    "The server's command line is the `wsafe` binary of `@wsafe/server`. From the repository root, after the README's set-up, `npm run wsafe -- <command>` runs it. Every flag, variable and default below is read from the command line itself when this site is built.",
    "## Commands",
    table(
      ["Command", "What it does"],
      commands.map(([path, command]) => [inlineCode(commandUsage(path, command)), commandMeanings[path]!]),
    ),
    "## Options of `serve`",
    "Each flag also has its environment variable (under it); the flag wins when both are given. A variable of a flag without a value counts as set for `1`, `true`, `yes` or `on` only.",
    cliTable(
      table(
        ["Option", "Default", "Meaning"],
        Object.entries(serve.options).map(([flag, option]) => {
          const meaning = serveOptionMeanings[flag]!;
          return [optionCell(flag, option), defaultCell(option, meaning), meaning.meaning];
        }),
      ),
    ),
    "## Options of the other commands",
    cliTable(
      table(
        ["Option", "Of", "Default", "Meaning"],
        otherFlags.map((flag) => {
          const users = others.filter(([, command]) => flag in command.options);
          const option = users[0]![1].options[flag]!;
          const meaning = otherOptionMeanings[flag]!;
          const of = users.map(([path]) => inlineCode(path.replace(`${cli.program} `, ""))).join(", ");
          return [optionCell(flag, option), of, defaultCell(option, meaning), meaning.meaning];
        }),
      ),
    ),
    "`wsafe <command> --help` prints the same, as the installed version has it; `wsafe --version` (or `-V`) prints the version of `@wsafe/server`: a release's alone (`1.2.0`), and for a build that carries changes no release holds yet (made from a clone while changesets are pending), the version with `+unreleased` and the commit, and what it is (`1.2.0+unreleased.3859895 (not a release: 1.2.0 and 23 changes not released yet, built at commit 3859895)`).",
    "## Running",
    code(
      "sh",
      [
        "npm start                           # wsafe serve --demo on the embedded store",
        "npm run wsafe -- serve --port 9443 --database postgres://wsafe@127.0.0.1/wsafe",
        "npm run wsafe -- import dataset.json",
      ].join("\n"),
    ),
    "`serve` prints a line `listening on https://HOST:PORT` (or `http://` with `--http`) on stderr once it accepts connections; its JSON log goes to stdout ([Operate: logs](/operate/#logs)). A port in use fails at once, before the store is opened (and `npm start` checks it before its set-up and build), with `port 8443 on 127.0.0.1 is in use: stop what uses it or choose another with --port` (`--metrics-port` for the metrics listener). A start that fails later (a full disk, an unreachable database: see [Operate](/operate/#when-it-cannot-start)) removes the store and certificate directories it created, and nothing that was there before. SIGTERM and SIGINT stop it gracefully: it accepts no new connection, `/readyz` answers 503 `draining`, requests in flight finish, then it exits with 0; it ends within `--shutdown-timeout` seconds whatever it meets (requests still in flight near the end are cut, named, and it exits with 1), and a second SIGTERM or SIGINT ends it at once with 1 ([Operate: stopping](/operate/#stopping)). With `--tls-cert`, SIGHUP reads the certificate files again ([Operate: TLS](/operate/#rotating-the-certificate)). `GET /healthz` (alive) and `GET /readyz` (store, migrations and Redis answer; not stopping) serve load balancers, outside `/v1`.",
    "## One process per embedded store",
    "The embedded store (PGlite, the default `./.wsafe/data`) belongs to the one process that opened it. `wsafe import`, `wsafe tokens` and `wsafe accounts` open the store themselves, so on the embedded store stop `wsafe serve` first (`npm start`: Ctrl+C), run them, then start it again; while it runs they refuse with `the embedded store ./.wsafe/data is in use by process 4242; stop it first (or use PostgreSQL for several processes)` and change nothing. On PostgreSQL they run beside any number of servers, which see the change at once.",
    ...demoLinesSection(),
  );
}
