/**
 * A success body whose one method field is JSON text built by the database, sent as
 * `{"ok":true,"<field>":<json>}` without parsing it into objects first.
 */
export class RawJsonResult<Field extends string = string> {
  /**
   * @param field - the result field (`equipments`, `resources`)
   * @param json - its JSON text
   * @param compact - the text is already compact JSON (no blanks outside strings)
   */
  constructor(
    readonly field: Field,
    readonly json: string,
    readonly compact = false,
  ) {}

  /** The whole success body as compact JSON. */
  toBody(): string {
    return `{"ok":true,${JSON.stringify(this.field)}:${this.json}}`;
  }
}
