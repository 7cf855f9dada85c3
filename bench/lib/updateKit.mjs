// The conformance kit's checks of equipments.update as the bench runs them on wsafe and on
// its raw-SQL peer (workload 14): the method's own checks (tokens, permission, parameters,
// the register's rules, tenant isolation), and the kit's opt-in register writes
// (`writeRegister`): one equipment of account 0's first type created, updated by its key
// with `if_version`, and retired, every effect checked (answers, versions, equipments.list,
// equipments.changes, the key, external_id_taken, version_mismatch, the events). Those
// writes stand with equipments.create's checks, so its checks run too: on the peer, which
// serves equipments.update alone, the create and the retirement are forwarded to wsafe.
import { runConformance } from "@wsafe/conformance";
import { updateTokenOf, updateTypesOf } from "./updateDataset.mjs";

/**
 * Runs the kit on one server of the workload's data.
 *
 * @param {string} url - the server
 * @param {number} [timeoutMs] - each request's limit
 * @returns {Promise<import("@wsafe/conformance").ConformanceReport>}
 */
export function runUpdateConformance(url, timeoutMs = 10_000) {
  return runConformance({
    baseUrl: url,
    token: updateTokenOf(0, "read"),
    writeToken: updateTokenOf(0, "write"),
    other: { token: updateTokenOf(1, "read"), ids: {} },
    methods: ["equipments.create", "equipments.update"],
    writeRegister: { equipmentType_id: updateTypesOf(0)[0] },
    insecure: true,
    timeoutMs,
  });
}
