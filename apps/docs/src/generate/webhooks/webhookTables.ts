// The Webhooks page's tables that come from the schema's data: the retry schedule
// (`webhookDelivery.retryScheduleMs`) and the refused addresses (`webhookAddressRules`),
// so the page changes when the service's behaviour does.
import { durationWords, durationWordsInParts, webhookAddressRules, webhookDelivery } from "@wsafe/schema";
import { inlineCode, table } from "../markdown.js";

/**
 * One row per attempt of `webhookDelivery.retryScheduleMs`: its number, when it is made
 * (after the event is recorded, or after the attempt before it ended), and the earliest
 * it can come after the event (the attempts' own durations, up to 15 seconds each, add to
 * it). Each wait is said as the schema's `durationWords` says it, the sum unit by unit.
 */
export function retryRows(schedule: readonly number[] = webhookDelivery.retryScheduleMs): string[][] {
  let since = 0;
  return schedule.map((wait, index) => {
    since += wait;
    const when =
      index === 0
        ? wait === 0
          ? "as soon as the event is recorded"
          : `${durationWords(wait)} after the event is recorded`
        : `${durationWords(wait)} after attempt ${index} failed`;
    return [String(index + 1), when, durationWordsInParts(since)];
  });
}

/** The retry schedule as a Markdown table. */
export function retryTable(): string {
  return table(["Attempt", "When", "At the earliest, after the event"], retryRows());
}

/**
 * One row per kind of refused address, in the order of `webhookAddressRules.kinds`: the
 * words a refusal uses, and every prefix of that kind, IPv4 then IPv6.
 */
export function refusedAddressRows(): string[][] {
  const { kinds, ipv4, ipv6 } = webhookAddressRules;
  return Object.entries(kinds).map(([kind, words]) => {
    const prefixes = [...ipv4, ...ipv6].filter(([, of]) => of === kind).map(([cidr]) => inlineCode(cidr));
    // Whatever lies outside IPv6's global unicast space matches no prefix and is reserved too.
    if (kind === "reserved") prefixes.push(`every IPv6 address outside ${inlineCode("2000::/3")}`);
    return [inlineCode(kind), words, prefixes.join(", ")];
  });
}

/** The refused addresses as a Markdown table. */
export function refusedAddressTable(): string {
  return table(["Kind", "A refusal says", "Addresses"], refusedAddressRows());
}

/** The IPv6 forms that carry an IPv4 address, as a sentence's list. */
export function embeddingList(): string {
  return webhookAddressRules.ipv4Embeddings
    .map(({ cidr, words }) => `${inlineCode(cidr)} (${words})`)
    .join(", ");
}
