import { importDataset } from "../../src/import/importDataset.js";
import type { Store } from "../../src/store/Store.js";
import { soonDataset } from "./soonDataset.js";

/** The two instants of an imported {@link soonDataset}. */
export interface SoonInstants {
  expiringAt: number;
  expiredAt: number;
}

/**
 * Imports {@link soonDataset} with its first instant `firstInMs` ahead and its second
 * `secondAfterMs` after that, so that a test can follow both as they pass. On a busy
 * machine an import into the embedded store has taken longer than such a lead, and the
 * first instant had passed before the test could follow it: the scene is then imported
 * again (an update of the same records) with twice the lead, until the import leaves
 * `roomMs` before the first instant. Events an overtaken instant left in the log lie
 * before the scene's new instants and after nothing a test follows from now.
 *
 * @param store - the store to import into (a running server's: `storeOf(server)`)
 * @param scene - the accounts (`soonDataset`'s count), the lead, the gap between the
 *   instants, and the room the test needs before the first instant
 * @returns the instants the scene was imported with last
 */
export async function importSoonScene(
  store: Store,
  scene: { accounts: number; firstInMs: number; secondAfterMs: number; roomMs: number },
): Promise<SoonInstants> {
  let lead = scene.firstInMs;
  for (let tries = 1; ; tries++, lead *= 2) {
    const expiringAt = Date.now() + lead;
    const expiredAt = expiringAt + scene.secondAfterMs;
    await importDataset(store, soonDataset(scene.accounts, expiringAt, expiredAt));
    if (Date.now() < expiringAt - scene.roomMs || tries === 4) return { expiringAt, expiredAt };
  }
}
