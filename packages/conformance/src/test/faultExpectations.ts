import { methodNames, methods } from "@wsafe/schema";
import type { Fault } from "./Fault.js";

// Each fault breaks one rule of the convention. "targeted": exactly the checks the
// pattern names fail, and every one of them does; "broad": a rule every response
// follows, so only checks outside the pattern must keep passing.
// A write method's baseline call is refused, so its pretty check reads an error too.
const writes = methodNames
  .filter((name) => methods[name].permission === "write")
  .map((name) => name.replace(".", "\\."));
const errorChecks = new RegExp(`^(?!.*(success:|pretty:|OPTIONS))|(${writes.join("|")}) › pretty:`);
/** The register's writes that look a record up, whose refusals stand on an id nobody holds. */
const registerLookups =
  /(equipmentTypes\.update|equipments\.(create|update|retire)|schedules\.(set|remove)) › (refusal|pretty):/;
/**
 * Each fault of the fixture server, the checks it must fail (a pattern on
 * "suite › name"), and whether the pattern is exact ("targeted") or a bound ("broad").
 */
export const faultExpectations: [Fault, RegExp, "targeted" | "broad"][] = [
  ["not-found-as-invalid-method", /api_method_not_found/, "targeted"],
  ["v2-accepted", /another version/, "targeted"],
  // The other account's own answer is validated too, so a broken users.info result shows there as well.
  ["invalid-result", /success: POST|users\.info › isolation: user of another account/, "targeted"],
  ["get-differs", /success: GET answers the same body/, "targeted"],
  ["same-request-id", /(success|refusal): GET answers the same body/, "targeted"],
  ["pretty-ignored", /pretty: true/, "targeted"],
  ["options-200", /OPTIONS pre-flight/, "targeted"],
  ["other-verbs-accepted", /request_method_invalid/, "targeted"],
  ["lenient-json", /request_data_invalid: POST/, "targeted"],
  ["lenient-percent", /request_data_invalid: GET query with bad percent-encoding/, "targeted"],
  ["token-missing-as-invalid", /token_missing/, "targeted"],
  ["token-invalid-as-missing", /token_invalid/, "targeted"],
  ["unknown-keys-ignored", /parameter_unexpected/, "targeted"],
  ["missing-as-invalid", /parameter_missing/, "targeted"],
  // A lenient server ignores an invalid cursor as it ignores any invalid parameter.
  ["invalid-ignored", /^(?!.*refusal:).*parameter_invalid/, "targeted"],
  // The envelope requires a description; one that names no parameter breaks only the parameter checks.
  // webhooks.create's refusal must name url too, in every answer the kit reads of it.
  [
    "vague-description",
    /parameter_(unexpected|missing|invalid)|(webhooks|equipmentTypes)\.create › (refusal|pretty):|› rule:/,
    "targeted",
  ],
  // A cursor is refused before the type is looked up, so the cursor check holds with a leak.
  [
    "leaks-other-tenant",
    /(equipments\.list|users\.info|events\.list|webhooks\.deliveries|inspections\.list) › isolation: (?!a cursor)/,
    "targeted",
  ],
  ["leaks-other-tenant-with-limit", /isolation: .* with limit too/, "targeted"],
  [
    "shared-answer",
    /(resources|equipmentTypes|webhooks)\.list › isolation: another account repeating|equipments\.changes › isolation:/,
    "targeted",
  ],
  [
    "cursor-unsigned",
    /parameter_invalid: a cursor with one character changed|feed: an altered cursor/,
    "targeted",
  ],
  // equipments.list's filters differ from every other method's, so its walk refuses their cursors anyway.
  [
    "cursor-not-bound-to-method",
    /(resources|equipmentTypes)\.list › parameter_invalid: a cursor of another paginated method/,
    "targeted",
  ],
  ["cursor-not-bound-to-filters", /parameter_invalid: a cursor sent with another/, "targeted"],
  [
    "cursor-not-bound-to-account",
    /isolation: (a cursor sent by another account|another account's feed cursor)/,
    "targeted",
  ],
  ["cursor-bound-to-limit", /pages: .* may change between pages/, "targeted"],
  ["pages-overlap", /pages: a walk reads exactly the whole list/, "targeted"],
  ["pages-skip", /pages: a walk reads exactly the whole list/, "targeted"],
  ["page-exceeds-limit", /pages: a walk reads exactly the whole list/, "targeted"],
  // Only equipments.list has an instant; its walk computes at a year ago, so a page at "now" shows.
  ["instant-not-kept", /equipments\.list › pages: a walk reads/, "targeted"],
  // Without response_metadata no walk can go on: every check that follows a cursor fails,
  // and so does every success of a method that always answers a page (it requires one).
  [
    "response-metadata-missing",
    /pages:|response_metadata:|a cursor|(events\.list|webhooks\.deliveries|inspections\.list) › (success: POST|isolation: (?!another account))/,
    "targeted",
  ],
  ["response-metadata-always", /response_metadata: present exactly/, "targeted"],
  ["as-of-ignored", /as_of: statuses/, "targeted"],
  ["status-filter-ignored", /status: each single status/, "targeted"],
  // Write methods: the read token's refusal, and the refused requests that stand in for writes.
  ["write-without-permission", /token_permission/, "targeted"],
  ["private-url-accepted", /webhooks\.create › (refusal|pretty):/, "targeted"],
  ["unknown-webhook-ok", /webhooks\.(delete|rotate_secret|redeliver) › (refusal|pretty):/, "targeted"],
  // The rules between parameters that no JSON Schema says.
  ["inspection-rules-ignored", /inspections\.(record|list) › rule:/, "targeted"],
  // The register's: its rule probes, and equipmentTypes.create's refusal, which stands on one.
  [
    "register-rules-ignored",
    /(equipmentTypes|equipments|schedules)\.[a-z]+ › rule:|equipmentTypes\.create › (refusal|pretty):/,
    "targeted",
  ],
  ["unknown-record-written", registerLookups, "targeted"],
  // The feed: a retired equipment answered as live stays in a copy; a key twice in an answer.
  ["feed-retired-as-live", /equipments\.changes › feed: a copy applying/, "targeted"],
  ["feed-repeats-ids", /equipments\.changes › feed: every answer has/, "targeted"],
  ["unknown-equipment-inspected", /inspections\.record › (refusal|pretty):/, "targeted"],
  ["http-400-on-errors", errorChecks, "broad"],
  ["bad-envelope", errorChecks, "broad"],
  ["no-request-id", /./, "broad"],
  ["fractional-response-time", /./, "broad"],
  ["wrong-content-type", /^(?!.*OPTIONS)/, "broad"],
];
