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
  lookupFailure?: {
    params: Record<string, unknown>;
    /** The parameters of the request it leaves out (the success example's name of its record). */
    replaces: readonly string[];
    error: ErrorIdentifier;
  };
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
  if (own.length && !failures.length) {
    throw new Error(`${method} declares ${own.join(", ")} but no example answers one of them`);
  }
  // An illustrative example's data is not in the demo (a key someone took, a cursor that
  // aged): only one the demo answers as it says can be replayed. A method whose own errors
  // are all illustrated that way has no lookup failure a single request makes.
  const failure = failures.find((example) => !example.illustrative);
  const lookupParams = failure && withoutEnvelope(failure.request as Record<string, unknown>);
  // A method that names its record by one of several keys (id or external_id) has it named
  // by the failure's key alone: the success example's other key would make it two.
  const oneOf: readonly string[] = methods[method].requiresOneOf ?? [];
  const named = lookupParams && oneOf.some((key) => key in lookupParams);
  return {
    token: request.token,
    params: withoutEnvelope(request),
    ...(failure && !failure.response.ok && lookupParams
      ? {
          lookupFailure: {
            params: lookupParams,
            replaces: named ? oneOf : [],
            error: failure.response.error as ErrorIdentifier,
          },
        }
      : {}),
  };
}
