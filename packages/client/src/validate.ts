import { isMethodName, methods, validate } from "@wsafe/schema";
import type { ResponseValidator } from "./ClientOptions.js";

/**
 * Checks a reply of /v1 against `@wsafe/schema`: a success against the method's result
 * schema; a failure against the error envelope, and its identifier against the
 * identifiers that method may answer with. Pass it to `createClient` to switch
 * response validation on (in tests, say); it brings zod into the bundle, which is why it
 * lives in this subpath and not in `@wsafe/client`.
 *
 * @param method - the wire name of the method called
 * @param body - the decoded reply
 * @returns the issues found; none when the reply keeps the contract
 * @example
 * import { createClient } from "@wsafe/client";
 * import { validateResponse } from "@wsafe/client/validate";
 * const client = createClient({ baseUrl, token, validateResponses: validateResponse });
 * @see https://docs.wsafe.dev/validation/
 */
export const validateResponse: ResponseValidator = (method, body) => {
  if (!isMethodName(method)) return [{ path: "(root)", message: `unknown method: ${method}` }];
  if ((body as { ok?: unknown } | null)?.ok === false) {
    const checked = validate("ErrorResponse", body);
    if (!checked.ok) return checked.issues;
    const allowed: readonly string[] = methods[method].errors;
    return allowed.includes(checked.value.error)
      ? []
      : [{ path: "error", message: `${method} does not answer ${checked.value.error}` }];
  }
  const checked = validate(`${method}.result`, body);
  return checked.ok ? [] : checked.issues;
};
