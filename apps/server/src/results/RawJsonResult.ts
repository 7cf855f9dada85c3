/**
 * A success body whose main field is JSON text built by the database, sent as
 * `{"ok":true,"<field>":<json>}` without parsing it into objects first; a page also
 * carries its `response_metadata`, appended after the field.
 */
export class RawJsonResult<Field extends string = string> {
  /**
   * @param field - the result field (`equipments`, `resources`)
   * @param json - its JSON text
   * @param compact - the text is already compact JSON (no blanks outside strings)
   * @param metadata - the page's `response_metadata`, for a page of a paginated list
   */
  constructor(
    readonly field: Field,
    readonly json: string,
    readonly compact = false,
    readonly metadata?: { next_cursor: string },
  ) {}

  /** The whole success body as JSON (compact when the field's text is). */
  toBody(): string {
    const tail = this.metadata ? `,"response_metadata":${JSON.stringify(this.metadata)}` : "";
    return `{"ok":true,${JSON.stringify(this.field)}:${this.json}${tail}}`;
  }
}
