import { describe, expect, it } from "vitest";
import { isSchemaName, recordPage, schemaCatalog, schemaNames } from "./catalog.js";

describe(isSchemaName, () => {
  it("knows every catalog name and nothing else, not even an inherited key", () => {
    for (const name of schemaNames) expect(isSchemaName(name)).toBe(true);
    for (const name of ["Nope", "equipment", "toString", "__proto__", "constructor", ""])
      expect(isSchemaName(name)).toBe(false);
  });
});

describe(recordPage, () => {
  it("gives a record's docs page, and nothing for a name without one or an unknown name", () => {
    expect(recordPage("Equipment")).toBe(schemaCatalog.Equipment.page);
    expect(recordPage("Equipment")).toEqual(expect.any(String));
    const withoutPage = schemaNames.find((name) => schemaCatalog[name].page === undefined);
    expect(withoutPage).toBeDefined();
    expect(recordPage(withoutPage!)).toBeUndefined();
    expect(recordPage("toString")).toBeUndefined();
  });
});
