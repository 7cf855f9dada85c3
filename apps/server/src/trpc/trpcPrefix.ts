/**
 * Where the tRPC router is served: `/trpc/<method>` (`/trpc/resources.list`), a batch
 * as `/trpc/<method>,<method>?batch=1`. Beside `/v1`, never under it: `/v1` is the
 * contract's wire and does not change.
 */
export const trpcPrefix = "/trpc";
