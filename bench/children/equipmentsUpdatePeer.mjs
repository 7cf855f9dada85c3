// The raw-SQL peer of `equipments.update` (issue 49): Node's `https`, the contract's
// checks in decisions.md's order (peerServer.mjs; the parameters by the schema's own
// `parseParams`, then the register's rules beyond JSON Schema, `registerParamsProblem`),
// then the whole update in one transaction of raw SQL (equipmentUpdating.mjs) on wsafe's
// tables (peerStore.mjs), answered with the contract's headers. Every other method is
// forwarded to a wsafe server reading the same store: the conformance kit, and the bench's
// own comparison with wsafe, read what the peer wrote through equipments.list and events.list.
import { parseParams, registerParamsProblem } from "@wsafe/schema";
import { childOptions } from "./childIpc.mjs";
import { updateEquipment } from "./equipmentUpdating.mjs";
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
  write: ({ account, params, now }) => updateEquipment(store.transaction, { account, params, now }),
});
