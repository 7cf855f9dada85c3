/**
 * A success body whose one method field is JSON text built by the database, sent as
 * `{"ok":true,"<field>":<json>}` without parsing it into objects first.
 */
export class RawJsonResult {
  /**
   * @param field - the result field (`equipments`, `resources`)
   * @param json - its JSON text
   */
  constructor(
    readonly field: string,
    readonly json: string,
  ) {}

  /** The whole success body as compact JSON. */
  toBody(): string {
    return `{"ok":true,${JSON.stringify(this.field)}:${this.json}}`;
  }
}
