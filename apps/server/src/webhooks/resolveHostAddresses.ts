import { lookup } from "node:dns/promises";

/**
 * Every address a host name resolves to, as the operating system's resolver gives them
 * to a connecting socket (`getaddrinfo`, `/etc/hosts` included): a webhook URL is judged
 * by all of them, since a connection may use any.
 *
 * @param hostname - a host name (not an IP literal)
 * @returns the addresses, IPv4 and IPv6, in the resolver's order
 * @throws the resolver's error (`ENOTFOUND`, `EAI_AGAIN`) when the name does not resolve
 * @example
 * await resolveHostAddresses("localhost"); // ["127.0.0.1", "::1"] on most machines
 */
export async function resolveHostAddresses(hostname: string): Promise<string[]> {
  const found = await lookup(hostname, { all: true, verbatim: true });
  return found.map(({ address }) => address);
}

/** The shape of {@link resolveHostAddresses}, for a caller that brings its own resolver. */
export type ResolveHostAddresses = (hostname: string) => Promise<readonly string[]>;
