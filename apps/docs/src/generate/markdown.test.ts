import { describe, expect, it } from "vitest";
import { cell, code, escapeHtml, table } from "./markdown.js";

describe("table", () => {
  it("escapes pipes and line breaks inside cells", () => {
    expect(table(["a", "b"], [["x | y", "one\ntwo"]])).toBe(
      "| a | b |\n| --- | --- |\n| x \\| y | one two |",
    );
  });

  it("keeps an empty cell a cell", () => {
    expect(cell("")).toBe(" ");
  });
});

describe("code", () => {
  it("uses a fence longer than any backticks inside", () => {
    expect(code("md", "```js\nx\n```")).toBe("````md\n```js\nx\n```\n````");
  });

  it("passes a title and flags to Expressive Code", () => {
    expect(code("sh", "ls", "GET", "wrap").split("\n")[0]).toBe('```sh title="GET" wrap');
  });
});

describe("escapeHtml", () => {
  it("escapes what could end an attribute or open a tag", () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
  });
});
