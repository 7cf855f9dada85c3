/**
 * Awaits a call that must fail and returns what it threw, so a test can compare the
 * error whole (`expect(await thrown(call)).toEqual(...)`); fails the test when the
 * call resolves. A function is called first, so a synchronous throw counts too.
 *
 * @param call - the promise, or a function that throws or returns one
 * @example
 * import { thrown } from "@wsafe/test-support";
 * expect(await thrown(client.users.info({ user: "u_nobody" }))).toMatchObject({ error: "content_not_found" });
 */
export async function thrown(call: Promise<unknown> | (() => unknown)): Promise<unknown> {
  try {
    await (typeof call === "function" ? call() : call);
  } catch (error) {
    return error;
  }
  throw new Error("expected the call to throw, but it did not");
}
