// The contract's request id at its least cost: 24 characters of [A-Za-z0-9] (decisions.md:
// 20 or more, unique per request), cut from a pool of random characters made 4 KiB of
// random bytes at a time, rejecting bytes of 248 and above so that each of the 62
// characters is equally likely.
import { randomFillSync } from "node:crypto";

const alphabet = Buffer.from("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", "latin1");
const idLength = 24;
const random = Buffer.alloc(4096);
const letters = Buffer.alloc(random.length);
let pool = "";
let next = 0;

/** A new request id: 24 random letters and digits. */
export function newContractRequestId() {
  if (pool.length - next < idLength) {
    randomFillSync(random);
    let filled = 0;
    for (const byte of random) if (byte < 248) letters[filled++] = alphabet[byte % 62];
    pool = letters.toString("latin1", 0, filled);
    next = 0;
  }
  const id = pool.slice(next, next + idLength);
  next += idLength;
  return id;
}
