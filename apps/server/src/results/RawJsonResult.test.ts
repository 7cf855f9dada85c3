import { describe, expect, it } from "vitest";
import { RawJsonResult } from "./RawJsonResult.js";

describe("RawJsonResult", () => {
  it("makes the same body from JSON text and from its bytes", () => {
    const text = '[{"id":"r","name":"Zoë"}]';
    const fromText = new RawJsonResult("resources", text, true).toBody();
    const fromBytes = new RawJsonResult("resources", Buffer.from(text), true);
    expect(fromBytes.toBody()).toBe(fromText);
    expect(fromBytes.keptBody()?.toString("utf8")).toBe(fromText);
    expect(JSON.parse(fromText)).toEqual({ ok: true, resources: [{ id: "r", name: "Zoë" }] });
  });

  it("encodes a body of kept JSON once, shared by every later answer of the same JSON", () => {
    const kept = Buffer.from('[{"id":"r"}]');
    const first = new RawJsonResult("resources", kept, true).keptBody();
    const second = new RawJsonResult("resources", kept, true).keptBody();
    expect(second).toBe(first);
    // Equal bytes in another buffer are another kept JSON: its own body, equal.
    const other = new RawJsonResult("resources", Buffer.from(kept), true).keptBody();
    expect(other).not.toBe(first);
    expect(other).toEqual(first);
  });

  it("keeps no body for text, loose JSON, a page or another field of the same bytes", () => {
    const kept = Buffer.from('[{"id":"r"}]');
    expect(new RawJsonResult("resources", '[{"id":"r"}]', true).keptBody()).toBeUndefined();
    expect(new RawJsonResult("resources", kept, false).keptBody()).toBeUndefined();
    expect(new RawJsonResult("resources", kept, true, { next_cursor: "c" }).keptBody()).toBeUndefined();
    const resources = new RawJsonResult("resources", kept, true).keptBody();
    const types = new RawJsonResult("equipmentTypes", kept, true).keptBody();
    expect(types?.toString()).toBe('{"ok":true,"equipmentTypes":[{"id":"r"}]}');
    expect(resources?.toString()).toBe('{"ok":true,"resources":[{"id":"r"}]}');
  });
});
