/** One HTTP request as the fuzzer sends it: everything the server can see. */
export interface RequestCase {
  /** HTTP method, as sent (`GET`, `POST`, `PUT`, ...). */
  method: string;
  /** The path, without the query string: `/v1/users.info`. */
  path: string;
  /** What follows `?` in the URL; `undefined` when the URL has no `?`. */
  query: string | undefined;
  /** The raw body; `undefined` for none. */
  body: Uint8Array | undefined;
  /** `Content-Type` of the body; `undefined` to send none. */
  contentType: string | undefined;
  /** Send the body as a stream (`Transfer-Encoding: chunked`, no `Content-Length`). */
  chunked?: boolean;
  /** Why the case exists, for the report when it fails ("GET bad percent-encoding"). */
  label: string;
}

/** The request target: path plus `?query` when there is one. */
export function requestTarget(request: RequestCase): string {
  return request.query === undefined ? request.path : `${request.path}?${request.query}`;
}

/** A short printable form of a case, for failure reports (bodies are cut). */
export function describeCase(request: RequestCase): string {
  const body =
    request.body === undefined
      ? "(none)"
      : request.body.length > 300
        ? `${Buffer.from(request.body.subarray(0, 300)).toString("utf8")}... (${request.body.length} bytes)`
        : Buffer.from(request.body).toString("utf8");
  const target = requestTarget(request);
  const shown = target.length > 300 ? `${target.slice(0, 300)}... (${target.length} chars)` : target;
  const chunked = request.chunked ? " (chunked)" : "";
  return `[${request.label}${chunked}] ${request.method} ${shown} content-type=${request.contentType ?? "(none)"} body=${body}`;
}
