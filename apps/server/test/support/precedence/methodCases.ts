import { type ErrorIdentifier, type MethodName, methods } from "@wsafe/schema";

/** What the precedence suite takes from a method's registry entry. */
export interface MethodCase {
  /** The token of the method's first successful example. */
  token: string;
  /** That example's data without `token` and `pretty`: a request that passes every check. */
  params: Record<string, unknown>;
  /**
   * The data of an example that fails the method's own lookups, and what it answers;
   * absent for a method without own errors, which cannot fail them.
   */
  lookupFailure?: { params: Record<string, unknown>; error: ErrorIdentifier };
}

const withoutEnvelope = ({ token: _token, pretty: _pretty, ...params }: Record<string, unknown>) => params;

/**
 * Reads a method's precedence case from its registry examples, so that a new method
 * is covered by writing its examples, as every method must.
 *
 * @param method - the method
 * @throws when the method has no successful example, or declares own errors but has no
 *   example answering one of them
 */
export function methodCaseOf(method: MethodName): MethodCase {
  const { examples, ownErrors } = methods[method];
  const success = examples.find((example) => example.response.ok);
  if (!success) throw new Error(`${method} has no successful example to build requests from`);
  const request = success.request as Record<string, unknown>;
  if (typeof request.token !== "string")
    throw new Error(`${method}'s first successful example sends no token`);
  // A reused key is every write's own error, but takes a first request: no single request
  // answers it, so it is no lookup failure of one (equipmentTypes.create has no other).
  const own: readonly string[] = ownErrors.filter((error) => error !== "idempotency_key_reused");
  const failures = examples.filter((example) => !example.response.ok && own.includes(example.response.error));
  if (own.length && failures.length === 0) {
    throw new Error(`${method} declares ${own.join(", ")} but no example answers one of them`);
  }
  // An illustrative example needs a state of its own (a key another create took, a version
  // someone changed first, a cursor older than the retention): the suite's requests meet
  // the demo data as it is, so a method whose own errors only such examples show has no
  // lookup failure to pair, as a method without own errors.
  const failure = failures.find((example) => !example.illustrative);
  return {
    token: request.token,
    params: withoutEnvelope(request),
    ...(failure && !failure.response.ok
      ? {
          lookupFailure: {
            params: withoutEnvelope(failure.request as Record<string, unknown>),
            error: failure.response.error as ErrorIdentifier,
          },
        }
      : {}),
  };
}
