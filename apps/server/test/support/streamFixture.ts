import type { DatasetInput } from "@wsafe/schema";
import { equipmentsChunkSize } from "../../src/store/Store.js";

const DAY = 24 * 3600 * 1000;

/** The token of the streaming fixture's account. */
export const streamToken = "stream-fixture-token-000001";

/**
 * Equipment types of the streaming fixture, each named for how many records it holds
 * next to the chunk size of a streamed list.
 */
export const streamTypes = {
  /** No equipment at all. */
  none: { id: "et_stream_none", count: 0 },
  /** Exactly one chunk. */
  oneChunk: { id: "et_stream_one", count: equipmentsChunkSize },
  /** One record more than a chunk: a second chunk of one. */
  oneMore: { id: "et_stream_one_more", count: equipmentsChunkSize + 1 },
  /** Several chunks and a partial one, with every optional field and status. */
  several: { id: "et_stream_several", count: 2 * equipmentsChunkSize + 345 },
  /**
   * Large enough (about 17 MB) that a client that stops reading leaves the server
   * waiting between two chunks: more than the sockets' buffers hold.
   */
  large: { id: "et_stream_large", count: 8000 },
} as const;

/**
 * A dataset of one account whose equipment types sit around the chunk size of a
 * streamed `equipments.list`. Records vary every field that changes a record's text:
 * ties on `created` (so `id` orders them), absent `clients_id`/`title`, metavalues
 * set or not, schedules of every status, text that JSON must escape. Dates are days
 * away from `now`, so statuses cannot change between two requests of a test.
 *
 * @param now - the instant statuses are arranged around (ms)
 */
export function createStreamFixture(now: number) {
  const equipments: NonNullable<DatasetInput["equipments"]> = [];
  for (const [key, type] of Object.entries(streamTypes)) {
    for (let index = 0; index < type.count; index++) {
      const kind = index % 4;
      const expiresOn = now + [200, 5, -3, 100][kind]! * DAY;
      equipments.push({
        // Unpadded numbers, so byte order of ids differs from numeric order.
        id: `${type.id}_${index}`,
        serialNumber: `SN-${key}-${index}`,
        equipmentType_id: type.id,
        created: 1_000_000 + Math.floor(index / 3),
        parent_id: index % 5 === 0 ? "" : `${type.id}_${index - 1}`,
        fieldOffice_id: ["fo_1", `fo_${index % 3}`],
        lineOfBusiness_id: "lob_1",
        ...(index % 2 === 0 ? { clients_id: ["cl_1", `cl_${index}`] } : {}),
        assignedUsers_id: index % 3 === 0 ? [] : ["u_stream"],
        ...(index % 3 === 1 ? { title: `Title "${index}" é ☃` } : {}),
        notes:
          key === "large" ? `${"n".repeat(2000)} ${index}` : index % 7 === 0 ? "line\nbreak \\ tab\t" : "",
        isInService: index % 6 !== 5,
        metavalues: index % 2 === 0 ? { mf_a: index / 2, mf_c: { item_ids: [index] } } : {},
        schedules:
          kind === 3
            ? []
            : [
                {
                  schedule_id: "s_b",
                  expiresOn,
                  expiringOn: expiresOn - 30 * DAY,
                  lastCompletedOn: expiresOn - 365 * DAY,
                },
                ...(index % 5 === 0
                  ? [{ schedule_id: "s_a", expiresOn: null, expiringOn: null, lastCompletedOn: null }]
                  : []),
              ],
      });
    }
  }
  return {
    accounts: [{ id: "acc_stream", name: "Streaming Ltd" }],
    tokens: [{ token: streamToken, account_id: "acc_stream" }],
    users: [{ id: "u_stream", account_id: "acc_stream", name: "Stream User" }],
    equipmentTypes: Object.values(streamTypes).map((type) => ({
      id: type.id,
      account_id: "acc_stream",
      name: type.id,
      metafields: [
        { id: "mf_a", name: "A" },
        { id: "mf_b", name: "B" },
        { id: "mf_c", name: "C" },
      ],
    })),
    equipments,
  } satisfies DatasetInput;
}
