/** The signature, flags and extension length that open PostgreSQL's binary COPY format. */
const SIGNATURE = Buffer.from("PGCOPY\n\xff\r\n\0", "latin1");
const HEADER_BYTES = SIGNATURE.length + 4 + 4;

/**
 * Reads the rows of a one-column `COPY ... TO STDOUT (FORMAT binary)` as they arrive:
 * each row's value as its raw bytes, no decoding into strings. PostgreSQL cuts the data
 * into chunks of its own, so a row may span chunks; such a row is joined, every other
 * one is a view into its chunk.
 *
 * Binary tuples are `int16 field count`, then per field `int32 length` (-1 for NULL)
 * and the bytes; a field count of -1 ends the data.
 *
 * @example
 * const rows = new BinaryCopyRows();
 * for await (const chunk of copyStream) for (const row of rows.push(chunk)) send(row);
 */
export class BinaryCopyRows {
  #pending: Buffer = Buffer.alloc(0);
  #headerRead = false;
  #ended = false;

  /** Whether the end-of-data marker has been read. */
  get ended(): boolean {
    return this.#ended;
  }

  /**
   * Takes the next chunk of COPY data and returns the rows it completes.
   *
   * @param chunk - bytes as the COPY stream gave them
   * @throws Error on a header that is not PostgreSQL's, or a row of other than one column
   */
  push(chunk: Buffer): Buffer[] {
    let data = this.#pending.length ? Buffer.concat([this.#pending, chunk]) : chunk;
    let offset = 0;
    if (!this.#headerRead) {
      if (data.length < HEADER_BYTES) {
        this.#pending = data;
        return [];
      }
      if (!data.subarray(0, SIGNATURE.length).equals(SIGNATURE)) throw new Error("not a binary COPY stream");
      const extension = data.readUInt32BE(SIGNATURE.length + 4);
      if (data.length < HEADER_BYTES + extension) {
        this.#pending = data;
        return [];
      }
      offset = HEADER_BYTES + extension;
      this.#headerRead = true;
    }
    const rows: Buffer[] = [];
    while (!this.#ended && data.length - offset >= 2) {
      const fields = data.readInt16BE(offset);
      if (fields === -1) {
        this.#ended = true;
        offset += 2;
        break;
      }
      if (fields !== 1) throw new Error(`expected one column per COPY row, got ${fields}`);
      if (data.length - offset < 6) break;
      const length = data.readInt32BE(offset + 2);
      if (length < 0) throw new Error("a COPY row's value is NULL");
      if (data.length - offset - 6 < length) break;
      rows.push(data.subarray(offset + 6, offset + 6 + length));
      offset += 6 + length;
    }
    // Only the unread tail is kept; a copy, so that the chunk it came from can go.
    this.#pending = offset < data.length ? Buffer.from(data.subarray(offset)) : Buffer.alloc(0);
    data = Buffer.alloc(0);
    return rows;
  }
}
