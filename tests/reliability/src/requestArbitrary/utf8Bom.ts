/**
 * The UTF-8 byte order mark, which some clients put before a JSON body.
 *
 * @example
 * Buffer.concat([utf8Bom, Buffer.from('{"token":"…"}')]);
 */
export const utf8Bom = Buffer.from([0xef, 0xbb, 0xbf]);
