import { createTRPCClient, httpBatchLink, TRPCClientError } from "@trpc/client";
import { type MethodName, methods } from "@wsafe/schema";
import { fetch as undiciFetch } from "undici";
import type { AppRouter } from "../../src/index.js";
import { insecureAgent } from "./callApi.js";

/** The `fetch` an HTTP link takes. */
type LinkFetch = NonNullable<Parameters<typeof httpBatchLink>[0]["fetch"]>;

/** A typed `@trpc/client` of a test server's `/trpc` router. */
export type TestTrpcClient = ReturnType<typeof createTRPCClient<AppRouter>>;

/** How a test's client talks to the server. */
export interface TrpcClientOptions {
  /** Every call by POST (tRPC's `methodOverride`); GET for queries otherwise. */
  methodOverride?: "POST";
  /** Told of each HTTP request the client sends (a batch is one). */
  onFetch?: (url: string) => void;
}

/**
 * A real `@trpc/client` with `httpBatchLink`, typed with the server's `AppRouter`, over
 * real HTTPS to a test server (its self-signed certificate accepted).
 *
 * @param baseUrl - the server's URL (`https://127.0.0.1:PORT`)
 */
export function createTestTrpcClient(baseUrl: string, options: TrpcClientOptions = {}): TestTrpcClient {
  // undici's own fetch, which takes the agent that accepts the test certificate.
  const fetch = ((url: string, init?: object) => {
    options.onFetch?.(url);
    return undiciFetch(url, { ...init, dispatcher: insecureAgent });
  }) as unknown as LinkFetch;
  return createTRPCClient<AppRouter>({
    links: [httpBatchLink({ url: `${baseUrl}/trpc`, fetch, methodOverride: options.methodOverride })],
  });
}

/**
 * Calls a method's procedure with any input, as the differential tests send inputs the
 * types forbid on purpose (no token, unknown keys, wrong types): `mutate` for a method
 * that needs `write` (a mutation), `query` for the others.
 *
 * @param client - the test client
 * @param method - the method, which is also the procedure's path
 * @param input - the request data, sent as it is
 */
export function callAny(client: TestTrpcClient, method: MethodName, input: unknown): Promise<unknown> {
  const procedure = client[method] as unknown as {
    query(input: unknown): Promise<unknown>;
    mutate(input: unknown): Promise<unknown>;
  };
  return methods[method].permission === "write" ? procedure.mutate(input) : procedure.query(input);
}

/** What a `/trpc` call answered: its output, or the /v1 identifier and message of its error. */
export type TrpcOutcome =
  | { ok: true; output: unknown }
  | { ok: false; error: string | undefined; message: string; httpStatus: number | undefined };

/**
 * Calls a procedure and says what it answered; an error that is not a
 * `TRPCClientError` (a transport failure) is thrown on.
 */
export async function trpcOutcome(
  client: TestTrpcClient,
  method: MethodName,
  input: unknown,
): Promise<TrpcOutcome> {
  try {
    return { ok: true, output: await callAny(client, method, input) };
  } catch (error) {
    if (!(error instanceof TRPCClientError)) throw error;
    const data = error.data as { error?: string; httpStatus?: number } | undefined;
    return { ok: false, error: data?.error, message: error.message, httpStatus: data?.httpStatus };
  }
}
