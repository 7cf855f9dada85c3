import { type ErrorIdentifier, type MethodName, methods } from "@wsafe/schema";

/** One request the suite sends: a registry example or a documented error case. */
export interface RequestCase {
  /** The case in test titles: `<method>: <what>`. */
  name: string;
  method: MethodName;
  /** The request data, as a caller writes it. */
  data: Record<string, unknown>;
  /** Whether the method's params schema accepts the data: only then may a validating proxy pass it silently. */
  accepted: boolean;
  /** The identifier the service answers with, for an error case; absent for a success. */
  error?: ErrorIdentifier;
}

/** A token that no dataset holds: the documented `token_invalid` case. */
export const unknownToken = "wsafe-ecosystem-unknown-token";

type Method = (typeof methods)[MethodName];

const accepts = (method: Method, data: unknown) => method.params.safeParse(data).success;

/** The method's first example that succeeds with data its schema accepts: the base of the error cases. */
export function successExample(method: Method): Record<string, unknown> {
  const example = method.examples.find(
    (candidate) => candidate.response.ok && accepts(method, candidate.request),
  );
  if (!example) throw new Error(`${method.name} has no successful example to derive cases from`);
  return { ...(example.request as Record<string, unknown>) };
}

/** The error cases a caller makes by changing a successful request, each where the method lists it. */
function derivedErrorCases(method: Method): RequestCase[] {
  const base = successExample(method);
  const { token: _token, ...withoutToken } = base;
  const required = Object.entries(method.params.shape)
    .filter(([key, field]) => key !== "token" && !(field as Method["params"]).safeParse(undefined).success)
    .map(([key]) => key);
  const candidates: [ErrorIdentifier, string, Record<string, unknown>][] = [
    ["token_invalid", "an unknown token", { ...base, token: unknownToken }],
    ["token_missing", "no token", withoutToken],
    ["parameter_unexpected", "an unknown parameter", { ...base, wsafe_unknown_parameter: 1 }],
    ["parameter_invalid", "pretty not a boolean", { ...base, pretty: "yes" }],
  ];
  if (required[0]) {
    const { [required[0]]: _missing, ...rest } = base;
    candidates.push(["parameter_missing", `no ${required[0]}`, rest]);
  }
  return candidates
    .filter(([error]) => (method.errors as readonly string[]).includes(error))
    .map(([error, what, data]) => ({
      name: `${method.name}: ${error} (${what})`,
      method: method.name,
      data,
      accepted: accepts(method, data),
      error,
    }));
}

/**
 * Every request the suite sends, derived from the registry so that a new method or
 * parameter is covered with no edit here: each method's examples that the demo data
 * answers (successes and the
 * errors its own lookups answer, such as `content_not_found`), then the documented
 * errors a caller makes from a successful request (`token_invalid`, `token_missing`,
 * `parameter_unexpected`, `parameter_invalid`, `parameter_missing`), each where the
 * method's error list has it.
 */
export function requestCases(): RequestCase[] {
  return Object.values(methods).flatMap((method): RequestCase[] => [
    // An illustrative example shows what the demo data does not hold (an endpoint at a
    // public host, its history): the demo server cannot give its answer, so it is not
    // sent; the error cases below still start from its request.
    ...method.examples
      .filter((example) => !example.illustrative)
      .map((example) => ({
        name: `${method.name}: ${example.title}`,
        method: method.name,
        data: example.request as Record<string, unknown>,
        accepted: accepts(method, example.request),
        ...(example.response.ok ? {} : { error: example.response.error }),
      })),
    ...derivedErrorCases(method),
  ]);
}
