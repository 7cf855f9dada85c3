import { defaultHeaderPrefix, type MethodName, methods, methodUrlPath } from "@wsafe/schema";
import type { ConformanceOptions, OtherAccount } from "./ConformanceOptions.js";
import { conventionProblems } from "./conventionProblems.js";
import type { ApiClient, ApiResponse } from "./createClient.js";
import { currentWindow } from "./currentWindow.js";

/** Thrown inside a check: the deployment broke the convention. */
export class CheckFailed extends Error {
  override name = "CheckFailed";
}

/** Thrown inside a check: it cannot run here (say why). */
export class CheckSkipped extends Error {
  override name = "CheckSkipped";
}

/** One check: where it belongs, what it proves, and how. */
export interface CheckDefinition {
  suite: string;
  name: string;
  run: (ctx: CheckContext) => Promise<void>;
}

/** Fails the check with `message` unless `condition` holds. */
export function expect(condition: unknown, message: string): asserts condition {
  if (!condition) throw new CheckFailed(message);
}

/** What every check can use: the client, the options, and the shared expectations. */
export class CheckContext {
  readonly prefix: string;
  constructor(
    readonly options: ConformanceOptions,
    readonly call: ApiClient,
  ) {
    this.prefix = options.headerPrefix ?? defaultHeaderPrefix;
  }

  /**
   * Request data of a successful call, `token`, `limit` and `cursor` left out: the
   * caller's own, else the registry's first successful example. Unpaged, because the
   * checks compare whole answers (GET against POST, one account's against another's,
   * whose cursors would differ) and page where they mean to, with `limit` of their own;
   * the registry's examples page, so that their answers fit a screen. An example's window
   * of events moves to now once the service would find it older than its retention.
   */
  successParams(method: MethodName): Record<string, unknown> {
    const example = methods[method].examples.find((candidate) => candidate.response.ok);
    const own = this.options.params?.[method];
    const data = own ?? currentWindow((example?.request ?? {}) as Record<string, unknown>);
    const { token: _token, limit: _limit, cursor: _cursor, ...rest } = data;
    return rest;
  }

  /**
   * The second account; skips the check, naming the options to give, when there is none
   * (a check that cannot run must never pass quietly).
   */
  otherAccount(): OtherAccount {
    if (!this.options.other)
      throw new CheckSkipped("give a second account (--other-token, --other-id) to probe tenant isolation");
    return this.options.other;
  }

  /** POSTs request data as the JSON body, with `token` added (`null`: none added). */
  post(method: string, data: unknown, token: string | null = this.options.token): Promise<ApiResponse> {
    return this.call({ path: methodUrlPath(method), body: JSON.stringify(withToken(data, token)) });
  }

  /** GETs with the request data JSON, percent-encoded, as the whole query string (`token` as for {@link post}). */
  get(method: string, data: unknown, token: string | null = this.options.token): Promise<ApiResponse> {
    return this.call({
      path: `${methodUrlPath(method)}?${encodeURIComponent(JSON.stringify(withToken(data, token)))}`,
      method: "GET",
    });
  }

  /** Fails unless the response follows the convention and is a success; returns the body. */
  expectSuccess(response: ApiResponse): Record<string, unknown> {
    this.expectConvention(response);
    const body = response.json as { ok: boolean; error?: string; description?: string };
    expect(
      body.ok === true,
      `${response.label}: expected ok: true, got error ${body.error}${body.description ? ` (${body.description})` : ""}`,
    );
    return body;
  }

  /**
   * Fails unless the response follows the convention and fails with `identifier`; with
   * `mentions`, the description must name that key (the `parameters` check of `requestChecks` in `@wsafe/schema`).
   */
  expectError(response: ApiResponse, identifier: string, mentions?: string): void {
    this.expectConvention(response);
    const body = response.json as { ok: boolean; error?: string; description?: string };
    expect(
      body.ok === false && body.error === identifier,
      `${response.label}: expected error ${identifier}, got ${body.ok ? "ok: true" : `error ${body.error}`}`,
    );
    if (mentions !== undefined) {
      expect(
        typeof body.description === "string" && body.description.includes(mentions),
        `${response.label}: description ${JSON.stringify(body.description)} does not name ${mentions}`,
      );
    }
  }

  /** Fails on any break of the convention (status, headers, envelope). */
  expectConvention(response: ApiResponse): void {
    const problems = conventionProblems(response, this.prefix);
    expect(problems.length === 0, `${response.label}: ${problems.join("; ")}`);
  }
}

function withToken(data: unknown, token: string | null): unknown {
  if (token === null || data === null || typeof data !== "object" || Array.isArray(data)) return data;
  return { token, ...data };
}
