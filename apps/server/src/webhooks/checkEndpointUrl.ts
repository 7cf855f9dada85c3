import { quoteInput } from "@wsafe/schema";
import { ApiError } from "../errors/ApiError.js";
import { addressKinds } from "./addressRules.js";
import { forbiddenAddress } from "./forbiddenAddress.js";
import { judgeEndpointUrl, type UrlAllowances, type UrlRefusal } from "./judgeEndpointUrl.js";
import { type ResolveHostAddresses, resolveHostAddresses } from "./resolveHostAddresses.js";

/** What `wsafe serve` allows beyond the rules, and how host names are resolved. */
export interface EndpointUrlOptions extends UrlAllowances {
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
 * Checks the URL of a new webhook endpoint, as `webhooks.create` receives it, by the
 * rules of `judgeEndpointUrl` (an absolute `https` URL, `http` only with
 * `--webhooks-allow-http`, without credentials), and a host that is a public address or
 * a name all of whose addresses are public (unless `--webhooks-allow-private`). A name is
 * resolved now, and its addresses are checked again when each delivery connects (DNS
 * rebinding: see `sendDelivery`). A name refused for what it resolves to is answered
 * with the kind of address, never the address: the caller learns nothing of the network
 * behind the server (the address goes to `onRefusedAddress`, for the server's log).
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
  const judged = judgeEndpointUrl(url, options);
  if (!judged.ok) refuse(refusalText(judged.refusal));
  if (options.allowPrivate || judged.literal) return judged.url.href;
  const { host } = judged;
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
  return judged.url.href;
}

/** What the caller of `webhooks.create` reads for each refusal of the rules. */
function refusalText(refusal: UrlRefusal): string {
  switch (refusal.kind) {
    case "not_absolute":
      return "not an absolute URL (https://host/path)";
    case "http":
      return "webhooks are delivered over https only (wsafe serve --webhooks-allow-http allows http for local development)";
    case "scheme":
      return `the scheme ${refusal.scheme} is not supported; webhooks are delivered over https`;
    case "credentials":
      // Never quoted: credentials in a URL end up in logs.
      return "must not contain credentials (user:password@)";
    case "address":
      return `${refusal.address.description}; ${privateHint}`;
  }
}

function refuse(why: string): never {
  throw new ApiError("parameter_invalid", `invalid parameter: url: ${why}`);
}
