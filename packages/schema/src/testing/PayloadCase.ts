import type { SchemaName } from "../catalog.js";

/** One named case for the agreement tests: a payload and whether the contract accepts it. */
export interface PayloadCase {
  schema: SchemaName;
  title: string;
  payload: unknown;
  valid: boolean;
}
