import { connect } from "node:tls";

/**
 * POSTs a body over a fresh TLS connection, kept alive as the load's are, and returns
 * the answer exactly as it came on the wire: the head (status line and headers, in their order and case) and the
 * body's bytes. The bench's servers only, on 127.0.0.1, with its own certificate.
 *
 * @param {string} url - `https://127.0.0.1:PORT/path`
 * @param {string} body
 * @returns {Promise<{ head: string, body: Buffer }>}
 */
export function rawAnswer(url, body) {
  const target = new URL(url);
  if (target.hostname !== "127.0.0.1" || target.protocol !== "https:")
    throw new Error(`refusing anything but https://127.0.0.1: ${url}`);
  const request = [
    `POST ${target.pathname} HTTP/1.1`,
    `host: ${target.host}`,
    "content-type: application/json",
    `content-length: ${Buffer.byteLength(body)}`,
    "",
    body,
  ].join("\r\n");
  return new Promise((resolve, reject) => {
    const socket = connect({ host: "127.0.0.1", port: Number(target.port), rejectUnauthorized: false });
    /** @type {Buffer[]} */
    const chunks = [];
    socket.on("secureConnect", () => socket.write(request));
    socket.on("error", reject);
    socket.on("end", () => reject(new Error(`no whole HTTP answer from ${url}`)));
    socket.on("data", (chunk) => {
      chunks.push(chunk);
      const whole = Buffer.concat(chunks);
      const end = whole.indexOf("\r\n\r\n");
      if (end < 0) return;
      const head = whole.toString("latin1", 0, end);
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
      if (whole.length - end - 4 < length) return;
      socket.destroy();
      resolve({ head, body: whole.subarray(end + 4, end + 4 + length) });
    });
  });
}

/**
 * Where two answers differ, apart from what differs on every answer: the values of the
 * request id (its length must match), the response time and `Date`. Empty when the two
 * are the same bytes otherwise: the same status line, header names in the same order
 * and case with the same values, the same body.
 *
 * @param {{ head: string, body: Buffer }} a
 * @param {{ head: string, body: Buffer }} b
 * @param {{ requestId: string, responseTime: string }} names - the contract's header names
 * @returns {string[]} one line per difference
 */
export function answerDifferences(a, b, names) {
  const masked = (/** @type {string} */ head) =>
    head.split("\r\n").map((line) => {
      const colon = line.indexOf(":");
      const name = line.slice(0, colon).toLowerCase();
      const value = line.slice(colon + 1).trim();
      if (name === names.requestId.toLowerCase()) return `${line.slice(0, colon)}: <id of ${value.length}>`;
      if (name === names.responseTime.toLowerCase()) return `${line.slice(0, colon)}: <ms>`;
      if (name === "date") return `${line.slice(0, colon)}: <date>`;
      return line;
    });
  const linesA = masked(a.head);
  const linesB = masked(b.head);
  const differences = [];
  for (let i = 0; i < Math.max(linesA.length, linesB.length); i++) {
    if (linesA[i] !== linesB[i])
      differences.push(`line ${i + 1}: ${linesA[i] ?? "(none)"} | ${linesB[i] ?? "(none)"}`);
  }
  if (!a.body.equals(b.body))
    differences.push(`body: ${a.body.length} bytes | ${b.body.length} bytes, not the same`);
  return differences;
}
