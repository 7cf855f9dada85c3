import { headerNames, jsonContentType } from "@wsafe/schema/wire";
import type { FetchInit, FetchLike, ResponseLike } from "../FetchLike.js";

/**
 * One scripted answer of {@link fakeFetch}: a reply, a thrown error, or a function of the request.
 *
 * @example
 * const answers: FakeAnswer[] = [new TypeError("fetch failed"), envelope({ ok: true })];
 */
export type FakeAnswer =
  | ResponseLike
  | Error
  | ((url: string, init: FetchInit) => ResponseLike | Promise<ResponseLike>);

/**
 * A `fetch` double that records every request and answers from a script, in order (the last answer repeats).
 *
 * @example
 * expect(fetch.calls[0]!.init.method).toBe("POST");
 */
export interface FakeFetch extends FetchLike {
  calls: { url: string; init: FetchInit }[];
}

/**
 * Stubs HTTP at the network edge: the client under test runs its whole pipeline, only
 * the exchange is scripted.
 *
 * @example
 * const fetch = fakeFetch(envelope({ ok: true, user: { id: "u_ada", name: "Ada" } }));
 */
export function fakeFetch(...answers: FakeAnswer[]): FakeFetch {
  const calls: FakeFetch["calls"] = [];
  const fetch = async (url: string, init: FetchInit) => {
    calls.push({ url, init });
    const answer = answers[Math.min(calls.length - 1, answers.length - 1)];
    if (answer instanceof Error) throw answer;
    if (typeof answer === "function") return answer(url, init);
    // A clone per request, so that a scripted reply can answer again after its body was read.
    return answer instanceof Response ? answer.clone() : answer!;
  };
  return Object.assign(fetch, { calls });
}

/**
 * A /v1 reply: HTTP 200, JSON body, request id and server time headers.
 *
 * @example
 * envelope({ ok: false, error: "rate_limit_exceeded" }, { "Retry-After": "2" });
 */
export function envelope(body: object, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    headers: {
      "content-type": jsonContentType,
      [headerNames().requestId]: "Req0000000000000000001",
      [headerNames().responseTime]: "3",
      ...headers,
    },
  });
}

/**
 * A reply that is not the envelope, e.g. a proxy's HTML error page.
 *
 * @example
 * page(502, "<h1>Bad Gateway</h1>");
 */
export function page(status: number, text: string): Response {
  return new Response(text, { status, headers: { "content-type": "text/html" } });
}

/**
 * A fetch answer that never settles unless its request is aborted, as a hung server.
 *
 * @example
 * const fetch = fakeFetch(hang);
 */
export function hang(_url: string, init: FetchInit): Promise<ResponseLike> {
  return new Promise((_resolve, reject) =>
    init.signal.addEventListener("abort", () => reject(init.signal.reason)),
  );
}
