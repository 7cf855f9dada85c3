/**
 * The addresses a webhook endpoint may not reach (OWASP API7:2023, server-side request
 * forgery), as data: what kind of address each refused prefix is, with the words a
 * refusal uses (`10.0.0.5 is a private address`). The server judges every endpoint's
 * address by these tables when it is made and again at each delivery's connect; the docs'
 * Webhooks page prints them. Plain data, no zod.
 *
 * @see https://docs.wsafe.dev/webhooks/
 */

/** Why an address is refused, keyed by kind; the words are for the endpoint's owner. */
const kinds = {
  /** `0.0.0.0` and `::`: connecting to them reaches this machine on Linux. */
  unspecified: "an unspecified address",
  /** 0.0.0.0/8, RFC 1122: "this host on this network". */
  this_network: 'an address of "this network"',
  /** 127.0.0.0/8 and ::1: the server itself. */
  loopback: "a loopback address",
  /** 10/8, 172.16/12, 192.168/16 (RFC 1918), and the local-use NAT64 prefix 64:ff9b:1::/48 (RFC 8215). */
  private: "a private address",
  /** 169.254.0.0/16 and fe80::/10. */
  link_local: "a link-local address",
  /** Where clouds answer a machine's credentials: 169.254.169.254, fd00:ec2::254 and the like. */
  cloud_metadata: "a cloud metadata address",
  /** fc00::/7, RFC 4193: IPv6's private addresses. */
  unique_local: "a unique-local address",
  /** 100.64.0.0/10, RFC 6598: shared between a provider's customers. */
  carrier_grade_nat: "a carrier-grade NAT address",
  /** 224.0.0.0/4 and ff00::/8. */
  multicast: "a multicast address",
  /** 255.255.255.255. */
  broadcast: "the broadcast address",
  /** Special-purpose and unallocated space: documentation, benchmarking, future use, IPv6 outside 2000::/3. */
  reserved: "a reserved address",
} as const;

/**
 * One of the kinds of refused address (`private`, `loopback`, `cloud_metadata`…).
 *
 * @example
 * const kind: WebhookAddressKind = "loopback";
 */
export type WebhookAddressKind = keyof typeof kinds;

/** A prefix in CIDR notation and what an address inside it is. */
export type WebhookAddressRule = readonly [cidr: string, kind: WebhookAddressKind];

// The IPv4 prefixes a webhook may not reach; the first rule that matches wins, so a
// narrow prefix (the metadata address) stands before the wide one that holds it
// (link-local). Every address outside them is a public unicast address.
const ipv4: readonly WebhookAddressRule[] = [
  ["0.0.0.0/32", "unspecified"],
  ["0.0.0.0/8", "this_network"],
  ["127.0.0.0/8", "loopback"],
  ["10.0.0.0/8", "private"],
  ["172.16.0.0/12", "private"],
  ["192.168.0.0/16", "private"],
  // AWS, GCP, Azure, Oracle and OpenStack all answer here; ECS task metadata is 169.254.170.2.
  ["169.254.169.254/32", "cloud_metadata"],
  ["169.254.170.2/32", "cloud_metadata"],
  ["169.254.0.0/16", "link_local"],
  // Alibaba Cloud's metadata service sits inside the carrier-grade NAT range.
  ["100.100.100.200/32", "cloud_metadata"],
  ["100.64.0.0/10", "carrier_grade_nat"],
  // Azure's host ("wireserver") address: public in form, reachable only from inside Azure.
  ["168.63.129.16/32", "cloud_metadata"],
  ["224.0.0.0/4", "multicast"],
  ["255.255.255.255/32", "broadcast"],
  ["240.0.0.0/4", "reserved"],
  ["192.0.0.0/24", "reserved"],
  ["192.0.2.0/24", "reserved"],
  ["198.51.100.0/24", "reserved"],
  ["203.0.113.0/24", "reserved"],
  ["198.18.0.0/15", "reserved"],
  ["192.88.99.0/24", "reserved"],
];

// The IPv6 prefixes a webhook may not reach, first match wins. The forms that carry an
// IPv4 address inside (ipv4Embeddings) are judged by that address instead, and whatever
// lies outside 2000::/3 (global unicast) and matches nothing here is `reserved`.
const ipv6: readonly WebhookAddressRule[] = [
  ["::/128", "unspecified"],
  ["::1/128", "loopback"],
  // AWS's metadata service over IPv6 (Nitro instances), inside fc00::/7.
  ["fd00:ec2::254/128", "cloud_metadata"],
  ["fc00::/7", "unique_local"],
  ["fe80::/10", "link_local"],
  // Site-local, deprecated by RFC 3879: still routed inside some old networks.
  ["fec0::/10", "reserved"],
  ["ff00::/8", "multicast"],
  // RFC 8215: a NAT64 prefix for one network's own use, with the IPv4 address anywhere.
  ["64:ff9b:1::/48", "private"],
  // IETF protocol assignments: Teredo (2001::/32, an IPv4 address obfuscated inside),
  // benchmarking, ORCHID and others; no webhook receiver lives there.
  ["2001::/23", "reserved"],
  ["2001:db8::/32", "reserved"],
  ["3fff::/20", "reserved"],
];

// How an IPv6 address can carry an IPv4 one; each is judged by the IPv4 rules, since a
// packet to it ends up at (or is translated to) that IPv4 address. `at` is the index of
// the 16-bit group where the IPv4 address starts.
const ipv4Embeddings = [
  { form: "ipv4_mapped", cidr: "::ffff:0:0/96", at: 6, words: "mapped into IPv6" },
  { form: "ipv4_translated", cidr: "::ffff:0:0:0/96", at: 6, words: "in the IPv4-translated form" },
  { form: "ipv4_compatible", cidr: "::/96", at: 6, words: "in the IPv4-compatible form" },
  { form: "nat64", cidr: "64:ff9b::/96", at: 6, words: "through NAT64" },
  { form: "6to4", cidr: "2002::/16", at: 1, words: "inside a 6to4 address" },
] as const;

/**
 * One of the IPv6 forms that carry an IPv4 address (`ipv4_mapped`, `nat64`, `6to4`…).
 *
 * @example
 * const form: WebhookEmbeddingForm = "nat64";
 */
export type WebhookEmbeddingForm = (typeof ipv4Embeddings)[number]["form"];

/**
 * The rules by which webhook endpoints' addresses are refused: `kinds` (each kind's
 * words), `ipv4` and `ipv6` (prefixes, first match wins), and `ipv4Embeddings` (the IPv6
 * forms judged by the IPv4 address inside). An operator lifts them with
 * `wsafe serve --webhooks-allow-private`, for local development only.
 *
 * @example
 * import { webhookAddressRules } from "@wsafe/schema";
 * webhookAddressRules.kinds.private; // "a private address"
 * webhookAddressRules.ipv4.find(([cidr]) => cidr === "10.0.0.0/8"); // ["10.0.0.0/8", "private"]
 * @see https://docs.wsafe.dev/webhooks/#security
 */
export const webhookAddressRules = { kinds, ipv4, ipv6, ipv4Embeddings } as const;
