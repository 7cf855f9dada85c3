import type { Permission } from "@wsafe/schema";

/** What the store knows about a token, found by its hash. */
export interface TokenRecord {
  /** Stable, non-secret key for the token (hex of its hash): rate-limit counters and logs use it. */
  key: string;
  accountId: string;
  active: boolean;
  accountActive: boolean;
  permissions: Permission[];
}
