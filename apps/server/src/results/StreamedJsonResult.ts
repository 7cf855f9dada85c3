import { RawJsonResult } from "./RawJsonResult.js";

/**
 * A success body whose one method field is a JSON array that the database writes in
 * chunks: the edge sends `{"ok":true,"<field>":[`, the elements joined by `,`, then `]}`
 * while they are read, so the whole array never sits in the server's memory.
 */
export class StreamedJsonResult<Field extends string = string> {
  /**
   * @param field - the result field (`equipments`)
   * @param chunks - opens the read: the array elements' JSON texts (strings, or UTF-8
   *   bytes), in order, a chunk of them at a time; nothing is read before the first `next()`
   * @param whole - the whole array's JSON text at once, for a body that must be built
   *   whole (`pretty`, whose indenting needs the tree)
   */
  constructor(
    readonly field: Field,
    readonly chunks: () => AsyncIterable<readonly (string | Buffer)[]>,
    readonly whole: () => Promise<string>,
  ) {}

  /** Reads the whole array and returns it as a body built in one piece. */
  async toRawJsonResult(): Promise<RawJsonResult<Field>> {
    return new RawJsonResult(this.field, await this.whole());
  }
}
