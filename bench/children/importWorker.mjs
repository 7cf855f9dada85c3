// Stands in for `wsafe import FILE --database D` while the server has no command
// line yet: the same library call (importDataset), reading the same file, printing
// progress lines. The bench says so when it uses this instead of the real command.
import { readFileSync } from "node:fs";

const [file, database] = process.argv.slice(2);
const { importDataset, openStore } = await import("@wsafe/server");
const store = await openStore(database);
let last = 0;
try {
  const summary = await importDataset(store, JSON.parse(readFileSync(file, "utf8")), {
    onProgress(done, total) {
      if (done === total || performance.now() - last > 500) {
        last = performance.now();
        console.log(`importing: ${done}/${total} records`);
      }
    },
  });
  console.log(`imported ${JSON.stringify(summary)}`);
} finally {
  await store.close();
}
