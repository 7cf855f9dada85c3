import type { Socket } from "node:net";

// What each connection had written when its last answer ended.
const countedUpTo = new WeakMap<Socket, number>();

/**
 * The bytes a connection wrote since its previous answer ended: on a kept-alive
 * connection, the current answer's status line, headers and body. Node counts what was
 * handed to the socket before TLS (the handshake and record overhead are not in it).
 * Reading the socket's own count costs nothing per chunk, streamed bodies included.
 *
 * @param socket - the request's connection, read when its answer has ended
 */
export function bytesSent(socket: Socket): number {
  const written = socket.bytesWritten;
  const before = countedUpTo.get(socket) ?? 0;
  countedUpTo.set(socket, written);
  return written - before;
}
