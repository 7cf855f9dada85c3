import type { Socket } from "node:net";

/** How long a connection answered before its body was read may still be read from. */
const LINGER_MS = 1_000;
/** How much of the unread body is read and dropped at most before closing anyway. */
const LINGER_BYTES = 4 * 1024 * 1024;

/**
 * Makes the close that follows an answer sent before the request's body was read
 * (over the size limit) a lingering one, as web servers do: the connection stays
 * open, still reading and dropping what the client sends, for up to
 * {@link LINGER_MS} or {@link LINGER_BYTES}, and only then closes. Closed at once, a
 * socket with unread bytes makes the kernel reset the connection, and a reset that
 * overtakes the answer makes the client drop it unread: the client then sees a
 * broken connection instead of `request_data_invalid`.
 *
 * Node closes such a connection through `socket.destroySoon()` once the answer is
 * written (Fastify marks the answer `Connection: close`); this replaces that method on
 * this one socket.
 *
 * @param socket - the connection of the request whose body is left unread
 */
export function lingerBeforeClose(socket: Socket): void {
  const closeNow = socket.destroySoon.bind(socket);
  let lingering = false;
  socket.destroySoon = () => {
    if (lingering) return;
    lingering = true;
    let read = 0;
    const close = () => {
      clearTimeout(timer);
      socket.off("data", count);
      closeNow();
    };
    const count = (chunk: Buffer) => {
      read += chunk.length;
      if (read > LINGER_BYTES) close();
    };
    const timer = setTimeout(close, LINGER_MS);
    socket.on("data", count);
    socket.once("close", () => clearTimeout(timer));
  };
}
