/**
 * Why an address is refused as a webhook target, and the prefixes of each kind: the
 * schema's `webhookAddressRules` under the names the server's SSRF code uses. The table
 * is contract data (the docs' Webhooks page prints it), so it lives in `@wsafe/schema`.
 *
 * @example
 * addressKinds.private; // "a private address"
 * @see https://owasp.org/API-Security/editions/2023/en/0xa7-server-side-request-forgery/
 */
import { webhookAddressRules } from "@wsafe/schema";

export type {
  WebhookAddressKind as AddressKind,
  WebhookAddressRule as AddressRule,
  WebhookEmbeddingForm as EmbeddingForm,
} from "@wsafe/schema";

/** What each kind of refused address is called in a refusal (`a private address`). */
export const addressKinds = webhookAddressRules.kinds;
/** The refused IPv4 prefixes, first match wins. */
export const ipv4Rules = webhookAddressRules.ipv4;
/** The refused IPv6 prefixes, first match wins; outside 2000::/3 is `reserved`. */
export const ipv6Rules = webhookAddressRules.ipv6;
/** The IPv6 forms that carry an IPv4 address, judged by it. */
export const ipv4Embeddings = webhookAddressRules.ipv4Embeddings;
