import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { clientSnippet, curlGet, curlPost, shellQuote } from "./examples.js";

// What a shell hands to curl: the words of the line after quote removal.
const shellWords = (line: string) =>
  JSON.parse(
    execFileSync(
      "sh",
      [
        "-c",
        `node -e 'console.log(JSON.stringify(process.argv.slice(1)))' -- ${line.replaceAll("\\\n", "")}`,
      ],
      { encoding: "utf8" },
    ),
  ) as string[];

describe("curlGet", () => {
  it("percent-encodes the whole request data as the query string", () => {
    const request = { token: "t", columns: ["id", "status"], note: "a b&c=d'e\"f$g`h" };
    const line = curlGet("equipments.list", request, "https://127.0.0.1:8443");
    const url = new URL(shellWords(line.replace(/^curl -k /, ""))[0]!);
    expect(url.pathname).toBe("/v1/equipments.list");
    expect(JSON.parse(decodeURIComponent(url.search.slice(1)))).toEqual(request);
  });
});

describe("curlPost", () => {
  it("sends the request data as the body, whatever quotes it holds", () => {
    const request = { token: "it's", user: 'u_"ada"' };
    const words = shellWords(curlPost("users.info", request).replace(/^curl /, ""));
    expect(JSON.parse(words[words.indexOf("-d") + 1]!)).toEqual(request);
  });

  // Without it curl says application/x-www-form-urlencoded, which a validating proxy
  // reads as a form and refuses against the document's JSON schema.
  it("says the body is JSON", () => {
    const words = shellWords(curlPost("users.info", { token: "t", user: "u_ada" }).replace(/^curl /, ""));
    expect(words[words.indexOf("-H") + 1]).toBe("Content-Type: application/json");
  });
});

describe("shellQuote", () => {
  it("round-trips single quotes", () => {
    expect(shellWords(shellQuote("a'b'c"))).toEqual(["a'b'c"]);
  });
});

describe("clientSnippet", () => {
  it("moves the token into the client's options and calls the method by path and by name", () => {
    const snippet = clientSnippet("users.info", { token: "secret", user: "u_ada" });
    expect(snippet).not.toContain("secret");
    expect(snippet).toContain('client.users.info({\n  "user": "u_ada"\n})');
    expect(snippet).toContain('client.call("users.info", {');
  });
});
