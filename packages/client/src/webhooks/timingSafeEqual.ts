/**
 * Compares two strings in a time that depends on their length only, not on where they
 * differ: comparing a computed signature with a received one by `===` would tell an
 * attacker, byte by byte, how much of a forgery is right.
 *
 * @param a - one string
 * @param b - the other
 * @returns whether they are equal
 * @example
 * timingSafeEqual(expected, received);
 */
export function timingSafeEqual(a: string, b: string): boolean {
  // A signature's length is public (44 characters of base64): no need to hide it.
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}
