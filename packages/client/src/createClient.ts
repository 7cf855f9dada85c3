import type { CallOptions, ClientOptions } from "./ClientOptions.js";
import { clientDefaults } from "./clientDefaults.js";
import { type ClientConfig, callMethod } from "./internal/callMethod.js";
import { paginate } from "./internal/paginate.js";
import type { WsafeClient } from "./WsafeClient.js";

type Call = (method: string, params?: object, options?: CallOptions) => Promise<object>;

/**
 * Creates a client of /v1: one typed function per method of the registry, namespaced
 * by its wire name (`client.equipments.list(params)`), the generic `call`, and
 * `paginate` to walk a paginated method's pages.
 *
 * The namespaces are not a list in the client: any `client.<a>.<b>(…)` calls the method
 * `a.b`, and the types of `@wsafe/schema` say which exist. So a method added to the
 * schema is in the client with no client change, and the client carries neither the
 * registry nor zod at run time.
 *
 * @param options - where the service is, the token, and how to call it
 * @example
 * import { createClient } from "@wsafe/client";
 * const client = createClient({ baseUrl: "https://wsafe.example.com", token: process.env.WSAFE_TOKEN! });
 * const { equipments } = await client.equipments.list({ equipmentType_id: "et_harness", columns: ["id", "status"] });
 * for (const { id, status } of equipments) console.log(id, status);
 * @see https://docs.wsafe.dev/client/
 */
export function createClient(options: ClientOptions): WsafeClient {
  if (typeof options?.baseUrl !== "string" || options.baseUrl === "") {
    throw new TypeError("createClient: baseUrl is required, e.g. https://wsafe.example.com");
  }
  const retries = options.retries === false ? { maxRetries: 0 } : options.retries;
  const config: ClientConfig = {
    baseUrl: options.baseUrl.replace(/\/+$/, ""),
    token: options.token,
    fetch: options.fetch,
    method: options.method ?? clientDefaults.method,
    timeoutMs: options.timeoutMs ?? clientDefaults.timeoutMs,
    // Field by field, so that `{ maxRetries: undefined }` keeps the default rather than unbounding it.
    retries: {
      maxRetries: retries?.maxRetries ?? clientDefaults.retries.maxRetries,
      minDelayMs: retries?.minDelayMs ?? clientDefaults.retries.minDelayMs,
      maxDelayMs: retries?.maxDelayMs ?? clientDefaults.retries.maxDelayMs,
    },
    onRetry: options.onRetry,
    validate: options.validateResponses,
    headerPrefix: options.headerPrefix ?? clientDefaults.headerPrefix,
  };
  const call: Call = (method, params, callOptions) => callMethod(config, method, params, callOptions);
  // Cached so that `client.equipments === client.equipments`.
  const proxies = new Map<string, unknown>();

  /**
   * Reads `key` of the object at `parent`: the object one segment deeper, callable (it
   * calls the method at its path) and indexable. Keys the target really has (`call` at
   * the root; `toString`, `bind`, `name`… of every object and function) keep their
   * meaning, so printing, `String()` or `.call()` never send a request; `then` and
   * `toJSON` stay undefined, or `await client.users` and `JSON.stringify(client)` would
   * call the methods `users.then` and `toJSON`.
   */
  const child = (target: object, key: string | symbol, parent?: string): unknown => {
    if (typeof key === "symbol" || key in target) return Reflect.get(target, key);
    if (key === "then" || key === "toJSON") return undefined;
    const path = parent === undefined ? key : `${parent}.${key}`;
    let proxy = proxies.get(path);
    if (!proxy) {
      proxy = new Proxy(() => {}, {
        get: (fn, key) => child(fn, key, path),
        apply: (_fn, _this, [params, callOptions]: [object?, CallOptions?]) =>
          call(path, params, callOptions),
      });
      proxies.set(path, proxy);
    }
    return proxy;
  };

  const root = {
    call,
    paginate: (method: string, params?: object, callOptions?: CallOptions) =>
      paginate(call, method, params, callOptions),
  };
  return new Proxy(root, { get: (target, key) => child(target, key) }) as never;
}
