/**
 * One way for the fixture server to break the contract; each breaks exactly one rule,
 * so a test can prove that the checks of that rule fail and the others keep passing.
 */
export type Fault =
  // The URL space, the envelope and the headers.
  | "not-found-as-invalid-method"
  | "v2-accepted"
  | "invalid-result"
  | "get-differs"
  | "same-request-id"
  | "pretty-ignored"
  | "options-200"
  | "other-verbs-accepted"
  | "lenient-json"
  | "lenient-percent"
  | "http-400-on-errors"
  | "no-request-id"
  | "fractional-response-time"
  | "wrong-content-type"
  | "bad-envelope"
  // Tokens and parameters.
  | "token-missing-as-invalid"
  | "token-invalid-as-missing"
  | "unknown-keys-ignored"
  | "missing-as-invalid"
  | "invalid-ignored"
  | "vague-description"
  // Write methods.
  | "write-without-permission"
  // Inspections: the rules between parameters, and the effects of a recording.
  | "inspection-rules-ignored"
  | "unknown-equipment-inspected"
  | "idempotency-ignored"
  | "inspection-interval-ignored"
  | "inspection-not-listed"
  | "inspection-events-missing"
  | "inspection-version-event-missing"
  | "inspection-answer-stale"
  | "private-url-accepted"
  | "unknown-webhook-ok"
  // The register's writes: the rules beyond the schema, and lookups that find nothing.
  | "register-rules-ignored"
  | "unknown-record-written"
  // The effects of the register's writes the kit makes when asked (writeRegister).
  | "write-created-wrong"
  | "write-version-stale"
  | "if-version-ignored"
  | "feed-misses-writes"
  | "retired-still-listed"
  | "retire-forgets-answer"
  | "register-events-missing"
  // The register's feed.
  | "feed-retired-as-live"
  | "feed-repeats-ids"
  // Tenant isolation.
  | "leaks-other-tenant"
  | "leaks-other-tenant-with-limit"
  | "shared-answer"
  // Pages and cursors.
  | "cursor-unsigned"
  | "cursor-not-bound-to-method"
  | "cursor-not-bound-to-filters"
  | "cursor-not-bound-to-account"
  | "cursor-bound-to-limit"
  | "pages-overlap"
  | "pages-skip"
  | "page-exceeds-limit"
  | "instant-not-kept"
  | "response-metadata-missing"
  | "response-metadata-always"
  // Statuses at an instant.
  | "as-of-ignored"
  | "status-filter-ignored";
