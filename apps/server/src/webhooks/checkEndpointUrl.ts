import { isIP } from "node:net";
import { quoteInput } from "@wsafe/schema";
import { ApiError } from "../errors/ApiError.js";
import { addressKinds } from "./addressRules.js";
import { forbiddenAddress } from "./forbiddenAddress.js";
import { type ResolveHostAddresses, resolveHostAddresses } from "./resolveHostAddresses.js";

/** What `wsafe serve` allows beyond the rules, and how host names are resolved. */
export interface EndpointUrlOptions {
  /** `--webhooks-allow-http`: plain `http://` endpoints, for local development. */
  readonly allowHttp: boolean;
  /** `--webhooks-allow-private`: loopback, private and the other refused addresses, for local development. */
  readonly allowPrivate: boolean;
  /** Resolves a host name to all its addresses; the system resolver by default. */
  readonly resolve?: ResolveHostAddresses;
  /**
   * Told the address a host name resolved to when it is refused: for the server's log,
   * since the refusal itself names only the kind of address.
   */
  readonly onRefusedAddress?: (refused: { host: string; address: string; kind: string }) => void;
}

const privateHint =
  "webhooks reach public addresses only (wsafe serve --webhooks-allow-private allows it for local development)";

/**
 * Checks the URL of a new webhook endpoint, as `webhooks.create` receives it: an absolute
 * `https` URL (`http` only with `--webhooks-allow-http`), without credentials, whose host
 * is a public address or a name all of whose addresses are public (unless
 * `--webhooks-allow-private`). A name is resolved now, and its addresses are checked
 * again when each delivery connects (DNS rebinding: see `sendDelivery`). A name refused
 * for what it resolves to is answered with the kind of address, never the address: the
 * caller learns nothing of the network behind the server (the address goes to
 * `onRefusedAddress`, for the server's log).
 *
 * @param url - the caller's `url` parameter
 * @param options - the server's webhook flags
 * @returns the URL, normalised (`URL.href`)
 * @throws ApiError `parameter_invalid` whose description says what is wrong, never
 * echoing credentials
 * @example
 * await checkEndpointUrl("https://hooks.example.com/wsafe", { allowHttp: false, allowPrivate: false });
 * await checkEndpointUrl("https://10.0.0.5/", { allowHttp: false, allowPrivate: false });
 * // throws parameter_invalid "url: 10.0.0.5 is a private address; webhooks reach public addresses only (…)"
 * await checkEndpointUrl("https://intranet.example/", { allowHttp: false, allowPrivate: false });
 * // throws parameter_invalid "url: intranet.example resolves to a private address; webhooks reach …"
 */
export async function checkEndpointUrl(url: string, options: EndpointUrlOptions): Promise<string> {
  const parsed = URL.canParse(url) ? new URL(url) : undefined;
  if (!parsed) refuse("not an absolute URL (https://host/path)");
  if (parsed.protocol === "http:" && !options.allowHttp) {
    refuse(
      "webhooks are delivered over https only (wsafe serve --webhooks-allow-http allows http for local development)",
    );
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") {
    refuse(`the scheme ${parsed.protocol} is not supported; webhooks are delivered over https`);
  }
  // Credentials in a URL end up in logs and in the endpoint list: refused, never quoted.
  if (parsed.username || parsed.password) refuse("must not contain credentials (user:password@)");
  if (options.allowPrivate) return parsed.href;

  // URL keeps an IPv6 literal in brackets and has already turned 0x7f.1-style hosts into dotted decimal.
  const host = parsed.hostname.replace(/^\[(.*)\]$/, "$1");
  if (isIP(host)) {
    const refusal = forbiddenAddress(host);
    if (refusal) refuse(`${refusal.description}; ${privateHint}`);
    return parsed.href;
  }
  let addresses: readonly string[];
  try {
    addresses = await (options.resolve ?? resolveHostAddresses)(host);
  } catch {
    refuse(`the host name ${quoteInput(host)} does not resolve`);
  }
  if (addresses.length === 0) refuse(`the host name ${quoteInput(host)} does not resolve`);
  for (const address of addresses) {
    const refusal = forbiddenAddress(address);
    if (refusal) {
      options.onRefusedAddress?.({ host, address, kind: refusal.kind });
      refuse(`${quoteInput(host)} resolves to ${addressKinds[refusal.kind]}; ${privateHint}`);
    }
  }
  return parsed.href;
}

function refuse(why: string): never {
  throw new ApiError("parameter_invalid", `invalid parameter: url: ${why}`);
}
