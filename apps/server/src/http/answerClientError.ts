import type { Socket } from "node:net";
import { headerNames, jsonContentType, requestLimits } from "@wsafe/schema";
import { createRequestId } from "./createRequestId.js";

/**
 * Answers an HTTP-level client error that never reached a route. An oversized request
 * line or header block gets the JSON envelope (`request_data_invalid`, HTTP 200) like
 * every other bad request data; timeouts and unparseable HTTP get a short status line
 * and the connection is closed, since no request reached the service.
 *
 * @param error - Node's client error
 * @param socket - the connection it happened on
 * @param headerPrefix - the server's header prefix
 * @param corsOrigin - the server's CORS origin
 */
export function answerClientError(
  error: Error,
  socket: Socket,
  headerPrefix: string,
  corsOrigin: string,
): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const code = (error as { code?: string }).code;
  if (code === "HPE_HEADER_OVERFLOW") {
    const names = headerNames(headerPrefix);
    const body = JSON.stringify({
      ok: false,
      error: "request_data_invalid",
      description: `request line and headers exceed ${requestLimits.headerBytes} bytes; send large request data with POST`,
    });
    socket.end(
      [
        "HTTP/1.1 200 OK",
        `Content-Type: ${jsonContentType}`,
        `Content-Length: ${Buffer.byteLength(body)}`,
        `${names.requestId}: ${createRequestId()}`,
        `${names.responseTime}: 0`,
        `Access-Control-Allow-Origin: ${corsOrigin}`,
        "Connection: close",
        "",
        body,
      ].join("\r\n"),
    );
    return;
  }
  const status = code === "ERR_HTTP_REQUEST_TIMEOUT" ? "408 Request Timeout" : "400 Bad Request";
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}
