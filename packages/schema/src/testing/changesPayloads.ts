import type { PayloadCase } from "./PayloadCase.js";
import { equipment } from "./samplePayloads.js";

const t = "t";

/** Valid and invalid payloads of `equipments.changes`. */
export const changesPayloadCases: PayloadCase[] = [
  { schema: "equipments.changes.params", title: "from the beginning", payload: { token: t }, valid: true },
  {
    schema: "equipments.changes.params",
    title: "from a cursor, 1000 at most",
    payload: { token: t, cursor: "c", limit: 1000 },
    valid: true,
  },
  {
    schema: "equipments.changes.params",
    title: "an empty cursor",
    payload: { token: t, cursor: "" },
    valid: false,
  },
  {
    schema: "equipments.changes.params",
    title: "a limit over 1000",
    payload: { token: t, limit: 1001 },
    valid: false,
  },
  {
    schema: "equipments.changes.result",
    title: "one changed, one retired",
    payload: {
      ok: true,
      changes: [
        { id: "eq_1", equipment },
        { id: "eq_2", equipment: null },
      ],
      next_cursor: "c",
      has_more: false,
    },
    valid: true,
  },
  {
    schema: "equipments.changes.result",
    title: "nothing changed, the cursor kept",
    payload: { ok: true, changes: [], next_cursor: "c", has_more: false },
    valid: true,
  },
  {
    schema: "equipments.changes.result",
    title: "no next_cursor at the end",
    payload: { ok: true, changes: [], has_more: false },
    valid: false,
  },
  {
    schema: "equipments.changes.result",
    title: "an empty next_cursor",
    payload: { ok: true, changes: [], next_cursor: "", has_more: false },
    valid: false,
  },
  {
    schema: "equipments.changes.result",
    title: "a change without its id",
    payload: { ok: true, changes: [{ equipment: null }], next_cursor: "c", has_more: true },
    valid: false,
  },
];
