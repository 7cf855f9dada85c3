#!/usr/bin/env node
// Makes what the suites of one `npm test` share before any of them starts (scripts/test.mjs
// runs it once the builds are done): the migrated and demo template stores, the
// PostgreSQL template when WSAFE_TEST_DATABASE_URL is set, and the test certificate. Each
// is made once per key whoever asks first; made here, no suite's set-up hook waits for it.
import { pgliteStoreTemplate, postgresStoreTemplate, postgresUrl, testCertificate } from "../dist/index.js";

const started = Date.now();
const made = await Promise.all([
  pgliteStoreTemplate("migrated"),
  pgliteStoreTemplate("demo"),
  postgresUrl ? postgresStoreTemplate(postgresUrl) : undefined,
  testCertificate(),
]);
if (made[0] === undefined) console.warn("test-support: the server is not built: no template store was made");
console.log(
  `test-support: template stores and test certificate ready in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
