import { describe, expect, it } from "vitest";
import { findNulCharacters, noteNulFree } from "./findNulCharacters.js";
import { parseDatasetText } from "./parseDataset.js";

describe(findNulCharacters, () => {
  it("names every string and key holding U+0000 by its path", () => {
    expect(
      findNulCharacters({
        users: [{ id: "u_1", name: "a\u0000b" }],
        equipments: [{ metavalues: { "mf\u0000x": "ok", "mf-2": "x\u0000" } }],
      }),
    ).toEqual([
      { path: "users[0].name", message: "contains the NUL character, which cannot be stored" },
      { path: "equipments[0].metavalues", message: "a key contains the NUL character" },
      {
        path: 'equipments[0].metavalues["mf-2"]',
        message: "contains the NUL character, which cannot be stored",
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

describe(parseDatasetText, () => {
  it("parses a file with a byte-order mark and applies the defaults", () => {
    expect(parseDatasetText('\uFEFF{"accounts":[{"id":"a","name":"A"}]}').accounts).toEqual([
      { id: "a", name: "A", active: true },
    ]);
  });

  it("notes a text without the \\u0000 escape as free of U+0000, and only such a text", () => {
    const escaped = parseDatasetText('{"users":[{"id":"u","account_id":"a","name":"x\\u0000y"}]}');
    expect(findNulCharacters(escaped)).toEqual([
      { path: "users[0].name", message: "contains the NUL character, which cannot be stored" },
    ]);
    // Noted, so not walked: the walk would find nothing either.
    expect(findNulCharacters(parseDatasetText('{"users":[{"id":"u","account_id":"a","name":"x"}]}'))).toEqual(
      [],
    );
  });

  it("throws a SyntaxError for a text that is not JSON", () => {
    expect(() => parseDatasetText("{ nope")).toThrow(SyntaxError);
  });
});
