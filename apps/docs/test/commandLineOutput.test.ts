// The Command line and Operate pages against the built command line and a real
// `wsafe serve --demo`: every default shown is one the command accepts (the page once
// gave `--webhook-retry-schedule` a default of `0s,5s,5min,...`, which it refuses), what
// the demo prints is what the page shows (the write token included: `npm start` printed
// only the read token, and no page said where to get the other), and the JSON log lines
// the Operate page shows are the server's own.
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { request } from "node:https";
import { join } from "node:path";
import {
  type DemoWithOwnCertificate,
  serveDemoWithOwnCertificate,
  serverDirectory,
  wsafeBin,
} from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readCliReference } from "../src/generate/cliReference.js";
import { fallsDueScriptFile } from "../src/generate/events/fallsDueRecipe.js";
import { logExampleLines, logExamplesTitle } from "../src/generate/operate/logsSection.js";
import {
  demoCurlCount,
  demoLinesTitle,
  demoTokenRoles,
  exampleClone,
} from "../src/generate/pages/demoLinesSection.js";
import { defaultBaseUrl } from "../src/generate/sitePaths.js";
import { copiedCode, docsRoot, mainHtml, pageHtml, sectionHtml, tableRows, textOf } from "./builtSite.js";

const cli = readCliReference();
const serveOptions = cli.commands["wsafe serve"]!.options;
const commandLine = () => mainHtml(pageHtml("/command-line/"));

describe("the Command line page, against the built command line", () => {
  const rows = () => tableRows(sectionHtml(commandLine(), "options-of-serve"));

  it("has a row for every flag of serve, with its variable", () => {
    const flags = rows().map((row) => row[0]!.split(" ")[0]);
    expect(flags).toEqual(Object.keys(serveOptions));
    for (const row of rows()) {
      const option = serveOptions[row[0]!.split(" ")[0]!]!;
      if (option.env) expect(row[0], row[0]).toContain(option.env);
    }
  });

  it("shows every default as the command writes it", () => {
    for (const row of rows()) {
      const option = serveOptions[row[0]!.split(" ")[0]!]!;
      if (option.defaultText !== undefined) expect(row[1], row[0]).toBe(option.defaultText);
    }
  });

  it("shows defaults that `wsafe serve` accepts, every one at once", () => {
    const args = rows().flatMap((row) => {
      const flag = row[0]!.split(" ")[0]!;
      return serveOptions[flag]!.defaultText === undefined ? [] : [flag, row[1]!];
    });
    expect(args.length).toBeGreaterThan(20);
    // Each value is parsed before --help is acted on: a value the flag refuses fails the run.
    const run = spawnSync(process.execPath, [wsafeBin(), "serve", ...args, "--help"], { encoding: "utf8" });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
  });

  it("says the embedded store serves one process, and what to stop before `import` and `tokens`", () => {
    const text = textOf(sectionHtml(commandLine(), "one-process-per-embedded-store"));
    for (const phrase of ["wsafe import", "wsafe tokens", "stop wsafe serve first", "is in use by process"])
      expect(text, phrase).toContain(phrase);
  });
});

describe("the demo as the pages show it, against `wsafe serve --demo`", () => {
  let demo: DemoWithOwnCertificate;
  beforeAll(async () => {
    demo = await serveDemoWithOwnCertificate("docs-command-line");
  }, 180_000);
  afterAll(() => demo?.stop());

  /**
   * The server's lines for people so far, with its port, certificate and docs folder as the
   * page names them. The page shows a release's lines: a build made while changesets are
   * pending adds what it is to its readiness line (apps/server/test/logging.test.ts holds that).
   */
  const printedLines = () => {
    const docs = /^documentation: \S+ \(from (.+)\)$/m.exec(demo.server.output())?.[1];
    return demo.server
      .output()
      .split("\n")
      .filter((line) => line && !line.startsWith("{"))
      .map((line) =>
        line
          .replaceAll(demo.server.url, defaultBaseUrl)
          .replace(demo.certPath, `${exampleClone}/.wsafe/tls/localhost-cert.pem`)
          .replace(`(from ${docs})`, `(from ${exampleClone}/apps/docs/dist/)`)
          .replace(/ \(wsafe \S+: not a release\)$/, ""),
      );
  };

  it("prints what the Command line page shows, both demo tokens included", () => {
    const shown = copiedCode(commandLine(), demoLinesTitle).split("\n");
    expect(shown).toContainEqual("demo token (read and write): wsafe-demo-token-write");
    expect(printedLines()).toEqual(shown);
  });

  // The root README promised two where `npm start` printed three (the write came later).
  it("has as many `curl` lines as the root README and the Command line page say it prints", () => {
    const printed = printedLines().filter((line) => /^\s+curl /.test(line)).length;
    const words = ["no", "one", "two", "three", "four", "five", "six"];
    const readme = readFileSync(join(docsRoot, "..", "..", "README.md"), "utf8").replace(/\s+/g, " ");
    const said = /`npm start` prints the demo's [^.]*?\b(\w+) `curl` lines/.exec(readme)?.[1];
    expect(said).toBe(words[printed]);
    expect(demoCurlCount()).toBe(words[printed]);
    expect(textOf(sectionHtml(commandLine(), "the-demo"))).toContain(
      `${words[printed]} curl lines that work as printed`,
    );
  });

  it("lists the demo dataset's tokens, each with its role", async () => {
    const { demoTokens } = (await import(join(serverDirectory(), "dist", "index.js"))) as {
      demoTokens: Record<string, string>;
    };
    expect(demoTokenRoles.map(([token]) => token).sort()).toEqual(Object.values(demoTokens).sort());
  });

  // A newcomer's demo is imported now, within the month the recipe asks about: its own
  // import (from: null) was 70 % of what the script said fell due.
  it("the Events page's recipe, asked for this month of a demo just imported, counts only what time makes fall due", async () => {
    const script = copiedCode(mainHtml(pageHtml("/events/")), fallsDueScriptFile)
      .replace(defaultBaseUrl, demo.server.url)
      // What the page tells a reader to do for their own demo: ask for the current month.
      .replace(/^const \{ from, to \} = monthWindow\(\d+, \d+\);$/m, "")
      .replace(
        "// const { from, to } = monthWindow(new Date()",
        "const { from, to } = monthWindow(new Date()",
      );
    const dir = join(docsRoot, "test-artifacts");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `this-month-${fallsDueScriptFile}`), script);
    const run = spawnSync(
      process.execPath,
      ["--no-warnings", join(dir, `this-month-${fallsDueScriptFile}`)],
      {
        env: { ...process.env, NODE_EXTRA_CA_CERTS: demo.certPath },
        encoding: "utf8",
        timeout: 60_000,
      },
    );
    expect(run.stderr).toBe("");
    const now = new Date();
    const month = {
      from: Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1),
      to: Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1) - 1,
    };
    const events: {
      cause: string;
      from: string | null;
      to: string | null;
      equipmentType_id: string;
      equipment_id: string;
      occurred_at: number;
    }[] = [];
    let cursor = "";
    do {
      const page = JSON.parse(
        await postInsecure(`${demo.server.url}/v1/events.list`, {
          token: "wsafe-demo-token-read",
          ...month,
          types: ["equipment.status_changed"],
          limit: 1000,
          ...(cursor ? { cursor } : {}),
        }),
      ) as { events: typeof events; response_metadata: { next_cursor: string } };
      events.push(...page.events);
      cursor = page.response_metadata.next_cursor;
    } while (cursor);
    // The trap is there: the import's own events lie in the month.
    expect(events.filter((event) => event.cause === "import" && event.from === null).length).toBeGreaterThan(
      0,
    );
    const byType = new Map<string, { expiring: number; expired: typeof events }>();
    for (const event of events.filter((candidate) => candidate.cause === "time")) {
      const type = byType.get(event.equipmentType_id) ?? { expiring: 0, expired: [] };
      if (event.to === "expiring") type.expiring++;
      if (event.to === "expired") type.expired.push(event);
      byType.set(event.equipmentType_id, type);
    }
    const expected = [...byType]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([type, { expiring, expired }]) => {
        const first = expired[0];
        const when = first
          ? ` (first: ${first.equipment_id} on ${new Date(first.occurred_at).toISOString().slice(0, 10)})`
          : "";
        return `${type}: ${expired.length} fall due${when}, ${expiring} start expiring`;
      });
    expect(run.stdout.trimEnd().split("\n")).toEqual(expected);
  }, 120_000);

  it("writes JSON log lines shaped as the Operate page's examples", async () => {
    await postInsecure(`${demo.server.url}/v1/users.info`, { token: "wsafe-demo-token-read", user: "u_ada" });
    const real = await waitForLog(demo, (line) => line.msg === "request");
    const examples = copiedCode(mainHtml(pageHtml("/operate/")), logExamplesTitle)
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(examples.map((line) => JSON.stringify(line))).toEqual(logExampleLines());
    const keys = (line: Record<string, unknown>) => Object.keys(line);
    const listening = realLog(demo).find((line) => String(line.msg).startsWith("Server listening at"))!;
    expect(keys(examples.find((line) => String(line.msg).startsWith("Server listening at"))!)).toEqual(
      keys(listening),
    );
    expect(keys(examples.find((line) => line.msg === "request")!)).toEqual(keys(real));
    // Every other example is a line the server writes: its words are in the built server.
    const built = builtServerText();
    for (const example of examples) {
      const words = String(example.msg).split(/ \d| https?:\/\/| \(--/)[0]!;
      expect(built.includes(words), words).toBe(true);
      expect(keys(example).slice(0, 4)).toEqual(["level", "time", "pid", "hostname"]);
    }
  });
});

/** POSTs request data to the demo server, whose self-signed certificate this test does not check. */
function postInsecure(url: string, data: object): Promise<string> {
  return new Promise((resolve, reject) => {
    const call = request(url, { method: "POST", rejectUnauthorized: false }, (response) => {
      let body = "";
      response.on("data", (chunk: Buffer) => {
        body += chunk;
      });
      response.on("end", () => resolve(body));
    });
    call.on("error", reject);
    call.end(JSON.stringify(data));
  });
}

/** The server's JSON log lines so far. */
function realLog(demo: DemoWithOwnCertificate): Record<string, unknown>[] {
  return demo.server
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** Waits (the log is written asynchronously) for a line of the server's log. */
async function waitForLog(demo: DemoWithOwnCertificate, match: (line: Record<string, unknown>) => boolean) {
  for (let waited = 0; waited < 20_000; waited += 100) {
    const found = realLog(demo).find(match);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no such log line in:\n${demo.server.output()}`);
}

/** The built server's JavaScript, every file of dist/ as one text. */
function builtServerText(dir = join(serverDirectory(), "dist")): string {
  return readdirSync(dir, { withFileTypes: true })
    .map((entry) =>
      entry.isDirectory()
        ? builtServerText(join(dir, entry.name))
        : entry.name.endsWith(".js")
          ? readFileSync(join(dir, entry.name), "utf8")
          : "",
    )
    .join("\n");
}
