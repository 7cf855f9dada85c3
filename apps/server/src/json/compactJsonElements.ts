import { compactJsonInPlace } from "./compactJson.js";

/**
 * The compact UTF-8 bytes of `prefix` followed by `elements` joined by `,`: one chunk
 * of a streamed JSON array. The texts are written once into one buffer and compacted
 * there, so a chunk of a thousand records costs one allocation, not a joined string,
 * its bytes and a compact copy (garbage the collector would reclaim only later, and
 * that counted in the server's peak memory).
 *
 * @param prefix - what comes before the first element (`,` between chunks, or the
 *   envelope's head); JSON punctuation, outside any string
 * @param elements - JSON texts of array elements, as PostgreSQL wrote them (strings, or
 *   the raw UTF-8 bytes of a binary COPY)
 * @returns the compact bytes, ready to send
 * @example
 * compactJsonElements(",", ['{"id": "a"}', '{"id": "b"}']).toString(); // ',{"id":"a"},{"id":"b"}'
 */
export function compactJsonElements(prefix: string, elements: readonly (string | Buffer)[]): Buffer {
  let size = Buffer.byteLength(prefix) + Math.max(0, elements.length - 1);
  for (const element of elements)
    size += typeof element === "string" ? Buffer.byteLength(element) : element.length;
  const bytes = Buffer.allocUnsafe(size);
  let offset = bytes.write(prefix, 0);
  elements.forEach((element, index) => {
    if (index > 0) bytes[offset++] = COMMA;
    offset += typeof element === "string" ? bytes.write(element, offset) : element.copy(bytes, offset);
  });
  return bytes.subarray(0, compactJsonInPlace(bytes));
}

const COMMA = 0x2c;
