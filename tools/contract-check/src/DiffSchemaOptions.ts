import type { Direction } from "./Direction.js";

/**
 * Options of {@link diffSchema}.
 *
 * @example
 * const options: DiffSchemaOptions = { direction: "response", path: "$.records.Equipment", rootName: "Equipment" };
 */
export interface DiffSchemaOptions {
  /** The side of the wire. */
  direction: Direction;
  /** Where the two schemas sit in their snapshots, as a JSON path. */
  path: string;
  /**
   * `$defs` names (or record names) of response enums released as open: consumers were
   * told to expect new values, so a new value is additive. An enum can also say so
   * itself with `"x-open-enum": true` in the released snapshot.
   */
  openEnums?: ReadonlySet<string>;
  /** The name the root schema is known by (a record name), for {@link openEnums}. */
  rootName?: string;
}
