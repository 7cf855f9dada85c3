import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { locateJsonSyntaxError } from "./locateJsonSyntaxError.js";

describe(locateJsonSyntaxError, () => {
  it.each([
    ['{\n  "a": 1\n  "b": 2\n}', 3, 3, "expected ',' or '}' after a value: is a comma missing?"],
    ["{ nope", 1, 3, "expected a field name in double quotes, found 'n'"],
    [
      '{"a": 1,\n "b": yesterday}',
      2,
      7,
      "unexpected word `yesterday`: a string needs double quotes; true, false and null are lower case",
    ],
    ['{"a":1', 1, 7, "the text ends inside an object: a '}' is missing"],
    ['[{"a":1}', 1, 9, "the text ends inside a list: a ']' is missing"],
    ["[1,2,]", 1, 5, "a comma before ']': JSON allows no trailing comma"],
    ['{\n  "a": 1,\n}', 2, 9, "a comma before '}': JSON allows no trailing comma"],
    ["{'a': 1}", 1, 2, "field names take double quotes, not single quotes"],
    ["{\"a\": 'x'}", 1, 7, "strings take double quotes, not single quotes"],
    ['{"a": "x\ny"}', 1, 9, "a line break inside a string: close the string, or write the break as \\n"],
    ['{"a": "\\q"}', 1, 8, "unknown escape \\q in a string: a backslash is written \\\\"],
    ['{"a": "\\u12"}', 1, 8, "\\u must be followed by four hexadecimal digits"],
    ['{"a": "open', 1, 7, "a string is not closed: a '\"' is missing"],
    ['{"a": 01}', 1, 7, "a number cannot start with 0"],
    ['{"a": 1.}', 1, 9, "a '.' in a number must be followed by digits"],
    ['{"a": 1e}', 1, 9, "the exponent of a number needs digits"],
    ['{"a": -}', 1, 8, "a '-' must be followed by digits"],
    ['{"a" 1}', 1, 6, "expected ':' after the field name, found '1'"],
    ['{"a": }', 1, 7, "unexpected '}' where a value should be"],
    ['{"a": 1}}', 1, 9, "more text after the end of the JSON value"],
    ["  \n ", 2, 2, "the text is empty: a JSON document is one value, usually an object {...}"],
    ['{"a":', 1, 6, "the text ends where a value should be"],
    ["[1,", 1, 4, "the text ends where a value should be"],
    ['{"a": 1,', 1, 9, "the text ends inside an object: a '}' is missing"],
    ['{"a"', 1, 5, "the text ends after a field name"],
    ['{"a": ]', 1, 7, "unexpected ']' where a value should be"],
    // A CSS colour written bare is not a word: the fault is its '#'.
    ['{"colour": #ff0000}', 1, 12, "unexpected character '#'"],
    // A control character is shown escaped, as JSON writes it, not raw.
    ['{"a": \u0001}', 1, 7, 'unexpected character "\\u0001"'],
    ['{"a": "x\ty"}', 1, 9, 'a control character "\\t" inside a string: write it escaped'],
    ["[1 2]", 1, 4, "expected ',' or ']' after a value, found '2'"],
    ['["a" "b"]', 1, 6, "expected ',' or ']' after a value: is a comma missing?"],
    // Only a missing comma is guessed at: a missing ':' before a string says what it found.
    ['{"a" "b": 1}', 1, 6, "expected ':' after the field name, found '\"'"],
    ['{"a": "x\\', 1, 9, "unknown escape \\ in a string: a backslash is written \\\\"],
  ])("finds the fault of %j at line %i, column %i", (text, line, column, reason) => {
    expect(locateJsonSyntaxError(text)).toEqual({
      offset: expect.any(Number),
      line,
      column,
      reason,
    });
  });

  it("reads escapes and numbers as JSON writes them", () => {
    expect(
      locateJsonSyntaxError('{"name": "Caf\\u00e9 \\uD83D\\uDE00", "n": [1e5, 2E-3, -0.5e+2, 0]}'),
    ).toBeUndefined();
  });

  it("goes on after a \\u escape at the character that follows it", () => {
    expect(locateJsonSyntaxError('["\\u00E9" 1]')).toEqual({
      offset: 10,
      line: 1,
      column: 11,
      reason: "expected ',' or ']' after a value, found '1'",
    });
  });

  it("counts a line break that opens the text", () => {
    expect(locateJsonSyntaxError("\n[1 2]")).toEqual({
      offset: 4,
      line: 2,
      column: 4,
      reason: "expected ',' or ']' after a value, found '2'",
    });
  });

  // Deeper than the call stack, the scanner cannot follow: it points nowhere rather than somewhere wrong.
  it("gives no place for nesting deeper than it can follow", () => {
    expect(locateJsonSyntaxError("[".repeat(100_000))).toBeUndefined();
  });

  // The scanner and JSON.parse must agree on what is JSON, or a message would point at nothing.
  it("finds a fault exactly where JSON.parse refuses the text", () => {
    const jsonish = fc.oneof(
      fc.json(),
      fc
        .json()
        .chain((text) =>
          fc
            .tuple(
              fc.nat(text.length),
              fc.constantFrom("", ",", "}", "]", '"', "'", "\n", "x", "0", "-", "\\", ":"),
            )
            .map(([at, insert]) => text.slice(0, at) + insert + text.slice(at + 1)),
        ),
    );
    fc.assert(
      fc.property(jsonish, (text) => {
        let parses = true;
        try {
          JSON.parse(text);
        } catch {
          parses = false;
        }
        const fault = locateJsonSyntaxError(text);
        expect(fault === undefined).toBe(parses);
        if (fault) expect(fault.offset).toBeLessThanOrEqual(text.length);
      }),
      { numRuns: 2000 },
    );
  });
});
