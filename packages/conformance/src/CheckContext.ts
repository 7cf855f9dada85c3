import { defaultHeaderPrefix, isMethodName, type MethodName, methodUrlPath } from "@wsafe/schema";
import { type Baseline, baselineOf, isWriteMethod } from "./baselineOf.js";
import type { ConformanceOptions, OtherAccount } from "./ConformanceOptions.js";
import { conventionProblems } from "./conventionProblems.js";
import type { ApiClient, ApiResponse } from "./createClient.js";

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
   * Where the method's checks start (see {@link baselineOf}); skips the check for a
   * write method the kit knows no refused request for, rather than write.
   */
  baseline(method: MethodName): Baseline {
    const baseline = baselineOf(method, this.options);
    if (!baseline)
      throw new CheckSkipped(
        `${method} writes, and its schema documents no refusal the kit can send in its place without writing (content_not_found of an id, or parameter_invalid naming a parameter): give the method such an example in @wsafe/schema to check it`,
      );
    return baseline;
  }

  /**
   * Request data of the method's baseline call, `token`, `limit` and `cursor` left out:
   * a successful call's, or the refused probe's (see {@link baselineOf}).
   */
  successParams(method: MethodName): Record<string, unknown> {
    return this.baseline(method).params;
  }

  /**
   * The token a method is called with: the read token, or for a write method the write
   * token; skips the check, saying what to give, when the run has none.
   */
  tokenFor(method: MethodName): string {
    if (!isWriteMethod(method)) return this.options.token;
    if (this.options.writeToken) return this.options.writeToken;
    throw new CheckSkipped(
      `${method} needs the write permission: give a write token of the same account (--write-token or WSAFE_WRITE_TOKEN); every call the kit makes with it is one the service must refuse, so nothing is written`,
    );
  }

  /**
   * Fails unless the response is what the method's baseline call must answer: a success,
   * or its refusal (the error, the description naming what it must). Returns the body.
   */
  expectBaseline(method: MethodName, response: ApiResponse): Record<string, unknown> {
    const { refusal } = this.baseline(method);
    if (!refusal) return this.expectSuccess(response);
    this.expectError(response, refusal.error, refusal.mentions);
    return response.json as Record<string, unknown>;
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

  /** POSTs request data as the JSON body, with `token` added (the method's, see {@link tokenFor}; `null`: none added). */
  post(
    method: string,
    data: unknown,
    token: string | null = this.defaultToken(method),
  ): Promise<ApiResponse> {
    return this.call({ path: methodUrlPath(method), body: JSON.stringify(withToken(data, token)) });
  }

  /** GETs with the request data JSON, percent-encoded, as the whole query string (`token` as for {@link post}). */
  get(method: string, data: unknown, token: string | null = this.defaultToken(method)): Promise<ApiResponse> {
    return this.call({
      path: `${methodUrlPath(method)}?${encodeURIComponent(JSON.stringify(withToken(data, token)))}`,
      method: "GET",
    });
  }

  private defaultToken(method: string): string {
    return isMethodName(method) ? this.tokenFor(method) : this.options.token;
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
      // The key as a word of its own: `id` is not named by "invalid".
      const named = new RegExp(
        `(^|[^A-Za-z0-9_])${mentions.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}($|[^A-Za-z0-9_])`,
      );
      expect(
        typeof body.description === "string" && named.test(body.description),
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
