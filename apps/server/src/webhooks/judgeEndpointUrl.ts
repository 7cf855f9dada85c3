import { isIP } from "node:net";
import { type ForbiddenAddress, forbiddenAddress } from "./forbiddenAddress.js";

/** What `wsafe serve` allows beyond the rules. */
export interface UrlAllowances {
  /** `--webhooks-allow-http`: plain `http://` endpoints, for local development. */
  readonly allowHttp: boolean;
  /** `--webhooks-allow-private`: loopback, private and the other refused addresses, for local development. */
  readonly allowPrivate: boolean;
}

/** Why an endpoint's URL is refused: each caller says it in words for its own reader. */
export type UrlRefusal =
  | { readonly kind: "not_absolute" }
  | { readonly kind: "http" }
  | { readonly kind: "scheme"; readonly scheme: string }
  | { readonly kind: "credentials" }
  | { readonly kind: "address"; readonly address: ForbiddenAddress };

/** An endpoint's URL as the rules read it: refused, or where it leads. */
export type UrlJudgement =
  | { readonly ok: false; readonly refusal: UrlRefusal }
  | {
      readonly ok: true;
      readonly url: URL;
      /** The host without an IPv6 literal's brackets. */
      readonly host: string;
      /** Whether the host is an address (judged here already) rather than a name (judged by what it resolves to). */
      readonly literal: boolean;
    };

/**
 * The rules every webhook URL meets, when an endpoint is made (`checkEndpointUrl`) and at
 * every attempt (`sendDelivery`), written once: an absolute `https` URL (`http` only with
 * `--webhooks-allow-http`), without credentials (they would end up in logs and in the
 * endpoint list), whose host, when it is an address, is a public one (unless
 * `--webhooks-allow-private`). A host name is judged by the caller, by what it resolves
 * to. The judgement is data; the words are the caller's, for its reader.
 *
 * @param url - the URL as given or stored
 * @param allowances - the server's webhook flags
 * @example
 * judgeEndpointUrl("http://10.0.0.5/", { allowHttp: true, allowPrivate: false });
 * // { ok: false, refusal: { kind: "address", address: { kind: "private", ... } } }
 */
export function judgeEndpointUrl(url: string, allowances: UrlAllowances): UrlJudgement {
  const parsed = URL.canParse(url) ? new URL(url) : undefined;
  if (!parsed) return refused({ kind: "not_absolute" });
  if (parsed.protocol === "http:" && !allowances.allowHttp) return refused({ kind: "http" });
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:")
    return refused({ kind: "scheme", scheme: parsed.protocol });
  if (parsed.username || parsed.password) return refused({ kind: "credentials" });
  // URL keeps an IPv6 literal in brackets and has already turned 0x7f.1-style hosts into dotted decimal.
  const host = parsed.hostname.replace(/^\[(.*)\]$/, "$1");
  const literal = isIP(host) !== 0;
  const address = literal && !allowances.allowPrivate ? forbiddenAddress(host) : undefined;
  if (address) return refused({ kind: "address", address });
  return { ok: true, url: parsed, host, literal };
}

function refused(refusal: UrlRefusal): UrlJudgement {
  return { ok: false, refusal };
}
