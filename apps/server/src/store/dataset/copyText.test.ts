import { describe, expect, it } from "vitest";
import { copyEscape, copyField } from "./copyText.js";

describe(copyEscape, () => {
  it("returns a string without special characters as is", () => {
    expect(copyEscape('SN-000123 "quoted", {braces} é 😀')).toBe('SN-000123 "quoted", {braces} é 😀');
  });

  it("escapes backslash, tab, newline and carriage return, and nothing else", () => {
    expect(copyEscape("a\\b\tc\nd\re\\N")).toBe("a\\\\b\\tc\\nd\\re\\\\N");
  });
});

describe(copyField, () => {
  it("writes null and a left-out field as \\N", () => {
    expect(copyField(null, "bigint")).toBe("\\N");
    expect(copyField(undefined, "jsonb")).toBe("\\N");
  });

  it("writes the empty string as an empty field, not as null", () => {
    expect(copyField("", "text")).toBe("");
  });

  it("writes numbers, booleans and JSON in the forms PostgreSQL reads", () => {
    expect(copyField(1_700_000_000_000, "bigint")).toBe("1700000000000");
    expect(copyField(-3, "integer")).toBe("-3");
    expect([copyField(true, "boolean"), copyField(false, "boolean")]).toEqual(["t", "f"]);
    expect(copyField({ mf_1: "a\\b", mf_2: { item_ids: [1] } }, "jsonb")).toBe(
      '{"mf_1":"a\\\\\\\\b","mf_2":{"item_ids":[1]}}',
    );
  });

  it("writes a digest as bytea hex, a list as a text[] literal", () => {
    expect(copyField(Buffer.from([0, 255]), "bytea")).toBe("\\\\x00ff");
    expect(copyField(["read", 'a"b\\c'], "text[]")).toBe('{"read","a\\\\"b\\\\\\\\c"}');
  });
});
