/**
 * What `/readyz` says while the store's disk is full, beside `checks.disk: "full"`: what
 * it means and what to do. The endpoint is public, so it names no path.
 *
 * @example
 * // GET /readyz → 503 {"ok":false,"status":"not_ready","checks":{...,"disk":"full"},"message":fullDiskMessage}
 */
export const fullDiskMessage =
  "the store's disk is full: every write is refused until space is freed on it (the disk of --database, or the PostgreSQL server's); reads still answer, and the server is ready again by itself once it can write";
