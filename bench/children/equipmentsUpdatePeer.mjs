// The raw-SQL peer of `equipments.update` (issue 49): Node's `https`, the contract's
// checks in decisions.md's order (peerServer.mjs; the parameters by the schema's own
// `parseParams`, then the register's rules beyond JSON Schema, `registerParamsProblem`),
// then the whole update in one transaction of raw SQL (equipmentUpdating.mjs) on wsafe's
// tables (peerStore.mjs), answered with the contract's headers. Every other method is
// forwarded to a wsafe server reading the same store: the conformance kit, and the bench's
// own comparison with wsafe, read what the peer wrote through equipments.list and events.list.
import { parseParams, registerParamsProblem } from "@wsafe/schema";
import { childOptions } from "./childIpc.mjs";
import { externalIdTaken, updateEquipment } from "./equipmentUpdating.mjs";
import { servePeerMethod } from "./peerServer.mjs";
import { openPeerStore } from "./peerStore.mjs";

const options = childOptions();
const store = await openPeerStore({ ...options, prepared: true });
const method = "equipments.update";

await servePeerMethod(options, store, {
  method,
  check(data) {
    const parsed = parseParams(method, data);
    if (!parsed.ok) return { ok: false, error: parsed.error, description: parsed.description };
    const problem = registerParamsProblem(method, parsed.params);
    if (problem) return { ok: false, error: problem.error, description: problem.description };
    return { ok: true, params: parsed.params };
  },
  write: (request) => answeringKeyRaces(request),
});

/**
 * Runs the update, again when the unique index of `external_id` refused the key it gives:
 * only a writer that takes no account lock (an import) could take the key between the
 * check and the write, which rolled back; the next run's check sees the holder and says
 * so. As wsafe does, three runs, then the holder read after the last.
 *
 * @param {{ account: string, params: Record<string, any>, now: number }} request
 */
async function answeringKeyRaces(request) {
  const { account, params } = request;
  for (let attempt = 1; ; attempt++) {
    try {
      return await updateEquipment(store.transaction, request);
    } catch (error) {
      const { code, constraint } = /** @type {{ code?: unknown, constraint?: unknown }} */ (error ?? {});
      const giving = params.id !== undefined && typeof params.external_id === "string";
      if (!giving || code !== "23505" || constraint !== "equipments_external_id_idx") throw error;
      if (attempt < 3) continue;
      const [holder] = await store.query(
        "SELECT id FROM equipments WHERE account_id = $1 AND external_id = $2",
        [account, params.external_id],
      );
      if (!holder) throw error;
      return externalIdTaken(params.external_id, holder.id);
    }
  }
}
