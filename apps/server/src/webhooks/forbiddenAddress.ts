import { isIP } from "node:net";
import ipaddr from "ipaddr.js";
import {
  type AddressKind,
  type AddressRule,
  addressKinds,
  type EmbeddingForm,
  ipv4Embeddings,
  ipv4Rules,
  ipv6Rules,
} from "./addressRules.js";

/** Why a webhook may not reach an address, and the sentence that says so. */
export interface ForbiddenAddress {
  /** The address as it was given. */
  readonly address: string;
  readonly kind: AddressKind;
  /** Set when an IPv6 address was refused for the IPv4 address it carries. */
  readonly ipv4?: { readonly form: EmbeddingForm; readonly address: string };
  /** `10.0.0.5 is a private address`; `::ffff:10.0.0.5 is a private address (10.0.0.5 mapped into IPv6)`. */
  readonly description: string;
}

type Parsed = ipaddr.IPv4 | ipaddr.IPv6;
type CompiledRule = readonly [range: [Parsed, number], kind: AddressKind];

// Parsed once: the rules are data, the matching is ipaddr.js's.
const compile = (rules: readonly AddressRule[]): CompiledRule[] =>
  rules.map(([cidr, kind]) => [ipaddr.parseCIDR(cidr), kind]);
const v4Rules = compile(ipv4Rules);
const v6Rules = compile(ipv6Rules);
const embeddings = ipv4Embeddings.map((embedding) => ({
  ...embedding,
  range: ipaddr.IPv6.parseCIDR(embedding.cidr),
}));
const globalUnicast = ipaddr.IPv6.parseCIDR("2000::/3");

const firstMatch = (address: Parsed, rules: readonly CompiledRule[]): AddressKind | undefined =>
  rules.find(([range]) => address.match(range))?.[1];

/**
 * Whether a webhook may reach an IP address, and why not: the address rules of OWASP
 * API7:2023 (server-side request forgery) as a pure function. Refused are loopback,
 * private, link-local, cloud metadata, unique-local, carrier-grade NAT, "this network",
 * unspecified, multicast, broadcast and reserved addresses, and every IPv6 form that
 * carries a refused IPv4 address (IPv4-mapped, IPv4-compatible, IPv4-translated, NAT64,
 * 6to4). Everything else is a public unicast address and allowed.
 *
 * @param address - a literal IPv4 (dotted decimal) or IPv6 address, a zone id allowed
 * @returns why it is refused, or `undefined` when it is allowed
 * @throws TypeError when `address` is not an IP address literal (a host name, `127.1`)
 * @example
 * forbiddenAddress("10.0.0.5")?.description; // "10.0.0.5 is a private address"
 * forbiddenAddress("8.8.8.8"); // undefined
 */
export function forbiddenAddress(address: string): ForbiddenAddress | undefined {
  // net.isIP takes dotted decimal only: the short and octal forms ipaddr.js also reads
  // ("127.1", "0177.0.0.1") are not literals a caller means, so they never get this far.
  const family = isIP(address);
  if (family === 0) throw new TypeError(`not an IP address literal: ${JSON.stringify(address)}`);
  if (family === 4) return refusal(address, firstMatch(ipaddr.IPv4.parse(address), v4Rules));

  // ipaddr.js reads "::a.b.c.d" (IPv4-compatible) as "::ffff:a.b.c.d" (IPv4-mapped), on
  // purpose; the judgement would be the same, the reason given would not. "::0:a.b.c.d"
  // is the same address, which it reads as written.
  const parsed = ipaddr.IPv6.parse(address.replace(/^::(?=\d+\.)/, "::0:"));
  const direct = firstMatch(parsed, v6Rules);
  if (direct) return refusal(address, direct);
  const embedding = embeddings.find(({ range }) => parsed.match(range));
  if (embedding) {
    const high = parsed.parts[embedding.at]!;
    const low = parsed.parts[embedding.at + 1]!;
    const ipv4 = new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
    const kind = firstMatch(ipv4, v4Rules);
    return kind && refusal(address, kind, { form: embedding.form, address: ipv4.toString() });
  }
  return parsed.match(globalUnicast) ? undefined : refusal(address, "reserved");
}

function refusal(
  address: string,
  kind: AddressKind | undefined,
  ipv4?: ForbiddenAddress["ipv4"],
): ForbiddenAddress | undefined {
  if (!kind) return undefined;
  const words = ipv4Embeddings.find(({ form }) => form === ipv4?.form)?.words;
  const how = ipv4 ? ` (${ipv4.address} ${words})` : "";
  return {
    address,
    kind,
    ...(ipv4 && { ipv4 }),
    description: `${address} is ${addressKinds[kind]}${how}`,
  };
}
