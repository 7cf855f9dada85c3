import { type LookupAddress, type LookupAllOptions, lookup as systemLookup } from "node:dns";
import type { LookupFunction } from "node:net";
import { addressKinds } from "./addressRules.js";
import { type ForbiddenAddress, forbiddenAddress } from "./forbiddenAddress.js";

/**
 * The connection to a webhook was refused before it was made: the host resolved to an
 * address a webhook may not reach. Its message names the kind of address, never the
 * address itself (an endpoint's owner must learn nothing of the network behind the
 * server), so it is safe to show them; `refusal.address` is for the server's log.
 *
 * @example
 * new ForbiddenAddressError("localhost", forbiddenAddress("127.0.0.1")!).message;
 * // "refused: the host name resolves to a loopback address"
 */
export class ForbiddenAddressError extends Error {
  /** Node-style code, so it is told apart from the socket's own errors. */
  readonly code = "ERR_WSAFE_FORBIDDEN_ADDRESS";

  constructor(
    readonly hostname: string,
    readonly refusal: ForbiddenAddress,
  ) {
    super(`refused: the host name resolves to ${addressKinds[refusal.kind]}`);
    this.name = "ForbiddenAddressError";
  }
}

/** The resolver underneath, `dns.lookup` by default; a test brings one that answers what it must. */
export type SystemLookup = (
  hostname: string,
  options: LookupAllOptions,
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

/**
 * A `lookup` for `http.request`/`https.request` that resolves a webhook's host and checks
 * every address it gets before the socket connects to any: the check made when the
 * endpoint was created is made again at each connection, so a name that resolved to a
 * public address then and to a private one now (DNS rebinding) never reaches it. With
 * `allowPrivate` (`--webhooks-allow-private`) nothing is refused.
 *
 * Node calls a socket's `lookup` only for host names; an IP literal never passes here,
 * which is why `sendDelivery` judges literals itself.
 *
 * @param options - `allowPrivate`, and the resolver underneath (`dns.lookup` by default)
 * @returns a `LookupFunction` that fails with a {@link ForbiddenAddressError}
 * @example
 * https.request(url, { lookup: guardedLookup({ allowPrivate: false }) });
 */
export function guardedLookup(options: { allowPrivate: boolean; lookup?: SystemLookup }): LookupFunction {
  const resolve: SystemLookup = options.lookup ?? systemLookup;
  return (hostname, lookupOptions, callback) => {
    // All addresses, always: any of them may be the one a connection attempt uses. Node
    // itself asks for all of them when it races IPv6 and IPv4 (autoSelectFamily).
    resolve(hostname, { ...lookupOptions, all: true }, (error, addresses) => {
      if (error) return callback(error, "", 0);
      const refusal = options.allowPrivate
        ? undefined
        : addresses.map(({ address }) => forbiddenAddress(address)).find(Boolean);
      if (refusal) return callback(new ForbiddenAddressError(hostname, refusal), "", 0);
      if (lookupOptions.all) return callback(null, addresses);
      const first = addresses[0];
      if (!first)
        return callback(Object.assign(new Error(`no address for ${hostname}`), { code: "ENOTFOUND" }), "", 0);
      callback(null, first.address, first.family);
    });
  };
}
