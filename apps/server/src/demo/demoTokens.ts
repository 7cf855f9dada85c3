/**
 * The fixed tokens of the demo dataset, by role. They are public on purpose (the docs
 * and the schema's examples use them): never import the demo data into a store that
 * holds real data.
 */
export const demoTokens = {
  /** Read token of the demo account `acc_demo`: the one the docs' examples send. */
  read: "wsafe-demo-token-read",
  /** Read and write token of `acc_demo`. */
  write: "wsafe-demo-token-write",
  /** A deactivated token of `acc_demo`: answers `token_inactive`. */
  revoked: "wsafe-demo-token-revoked",
  /** A token of the inactive account `acc_closed`: answers `account_inactive`. */
  inactiveAccount: "wsafe-demo-token-closed-account",
  /** Read token of a second active account, `acc_other`, to see tenant isolation. */
  otherAccount: "wsafe-demo-token-other-account",
} as const;
