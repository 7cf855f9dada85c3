/**
 * A write's answer as kept under its `idempotency_key`: the JSON text of the success body
 * the key's first request got, as the server that answered it stored it. That server may
 * be of the release before (a key lives a day, across a rolling upgrade), so the text may
 * lack fields this release's result has: it is sent again as it is, never read against
 * today's result schema, since a repeat answers the first answer byte for byte.
 *
 * @example
 * serializeBody(new KeptAnswer('{"ok":true}'), false); // '{"ok":true}'
 */
export class KeptAnswer {
  /** @param json - the body's JSON text, compact, as the idempotency table holds it */
  constructor(readonly json: string) {}
}
