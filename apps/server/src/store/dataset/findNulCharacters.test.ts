import { describe, expect, it } from "vitest";
import { findNulCharacters, noteNulFree } from "./findNulCharacters.js";
import { readDatasetText } from "./parseDataset.js";

const stored = "contains the NUL character (U+0000), which cannot be stored";

describe(findNulCharacters, () => {
  it("names every string and key holding U+0000 by its record and field", () => {
    expect(
      findNulCharacters({
        users: [{ id: "u_1", name: "a\u0000b" }],
        equipments: [{ metavalues: { "mf\u0000x": "ok", "mf-2": "x\u0000" } }],
      }),
    ).toEqual([
      { path: "users[0].name", record: 'user "u_1"', message: `\`name\` ${stored}` },
      {
        path: "equipments[0].metavalues",
        record: "equipments[0]",
        message: `a key of \`metavalues\` ${stored}`,
      },
      {
        path: 'equipments[0].metavalues["mf-2"]',
        record: "equipments[0]",
        message: `\`metavalues["mf-2"]\` ${stored}`,
      },
    ]);
  });

  it("finds nothing in a document without one", () => {
    expect(findNulCharacters({ users: [{ id: "u_1", name: "\\u0000 written out" }] })).toEqual([]);
  });

  it("trusts a document noted as free of U+0000 without walking it", () => {
    const document = { users: [{ name: "a\u0000b" }] };
    noteNulFree(document);
    expect(findNulCharacters(document)).toEqual([]);
  });
});

describe(readDatasetText, () => {
  it("parses a file with a byte-order mark and applies the defaults", () => {
    expect(readDatasetText('\uFEFF{"accounts":[{"id":"a","name":"A"}]}').dataset.accounts).toEqual([
      { id: "a", name: "A", active: true },
    ]);
  });

  it("notes a text without the \\u0000 escape as free of U+0000, and only such a text", () => {
    const escaped = readDatasetText('{"users":[{"id":"u","account_id":"a","name":"x\\u0000y"}]}');
    expect(findNulCharacters(escaped.document)).toEqual([
      { path: "users[0].name", record: 'user "u"', message: `\`name\` ${stored}` },
    ]);
    // Noted, so not walked: the walk would find nothing either.
    const plain = readDatasetText('{"users":[{"id":"u","account_id":"a","name":"x"}]}');
    expect(findNulCharacters(plain.document)).toEqual([]);
  });

  // JSON.parse says "at position 24" at best: nobody can find a character offset in a file.
  it("refuses a text that is not JSON with the line, the column and the line itself", () => {
    expect(() => readDatasetText('{\n  "users": [\n    {"id": "u_1",}\n  ]\n}')).toThrow(
      new SyntaxError(
        [
          "not JSON: line 3, column 17: a comma before '}': JSON allows no trailing comma",
          '  3 |     {"id": "u_1",}',
          "    |                 ^",
        ].join("\n"),
      ),
    );
  });
});
