/** An error answer of the fixture server: the identifier and its description. */
export class Failure extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }
}
