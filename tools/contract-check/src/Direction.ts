/**
 * Which side of the wire a schema describes. `request`: data callers send, which may
 * only widen. `response`: data the service sends, which may only narrow or add.
 *
 * @example
 * diffSchema(base, next, { direction: "request", path: '$.methods["users.info"].params' });
 */
export type Direction = "request" | "response";
