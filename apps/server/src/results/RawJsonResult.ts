/**
 * The whole bodies made from JSON kept as bytes (the read cache's `resources.list`),
 * by that JSON: a kept list is encoded into its answer once, not on every answer, and
 * its body goes when the JSON itself is no longer kept.
 */
const bodiesOfKeptJson = new WeakMap<Buffer, { field: string; body: Buffer }>();

/**
 * A success body whose main field is JSON built by the database, sent as
 * `{"ok":true,"<field>":<json>}` without parsing it into objects first; a page also
 * carries its `response_metadata`, appended after the field.
 */
export class RawJsonResult<Field extends string = string> {
  /**
   * @param field - the result field (`equipments`, `resources`)
   * @param json - its JSON text, or its UTF-8 bytes when they are kept to be sent many times
   * @param compact - the JSON is already compact (no blanks outside strings)
   * @param metadata - the page's `response_metadata`, for a page of a paginated list
   */
  constructor(
    readonly field: Field,
    readonly json: string | Buffer,
    readonly compact = false,
    readonly metadata?: { next_cursor: string },
  ) {}

  /** The whole success body as JSON text (compact when the field's JSON is). */
  toBody(): string {
    const tail = this.metadata ? `,"response_metadata":${JSON.stringify(this.metadata)}` : "";
    return `{"ok":true,${JSON.stringify(this.field)}:${String(this.json)}${tail}}`;
  }

  /**
   * The whole compact body in UTF-8 when the field's JSON is kept bytes (compact, no
   * metadata): made on the first answer and shared by every later one, which then
   * costs neither a string nor its encoding. `undefined` for any other result.
   */
  keptBody(): Buffer | undefined {
    const { json } = this;
    if (typeof json === "string" || !this.compact || this.metadata) return undefined;
    const kept = bodiesOfKeptJson.get(json);
    if (kept?.field === this.field) return kept.body;
    const body = Buffer.from(this.toBody());
    bodiesOfKeptJson.set(json, { field: this.field, body });
    return body;
  }
}
