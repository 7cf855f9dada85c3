import { writeFile } from "node:fs/promises";

/**
 * Writes a dataset big enough that importing it takes a while (to kill the import in
 * the middle): one new account with `equipments` equipment of two schedules each and a
 * resource per 10 equipment. Returns the number of records the import will write.
 */
export async function writeLargeDataset(path: string, equipments: number): Promise<number> {
  const ids = Array.from({ length: equipments }, (_, n) => n);
  const dataset = {
    accounts: [{ id: "acc_bulk", name: "Bulk Imports Ltd", active: true }],
    users: [{ id: "u_bulk_1", account_id: "acc_bulk", name: "Bulk Operator" }],
    equipmentTypes: [
      {
        id: "et_bulk",
        account_id: "acc_bulk",
        name: "Bulk ladder",
        metafields: [
          { id: "mf_bulk_len", name: "Length" },
          { id: "mf_bulk_brand", name: "Brand" },
        ],
      },
    ],
    resources: ids
      .filter((n) => n % 10 === 0)
      .map((n) => ({
        account_id: "acc_bulk",
        id: `res_bulk_${n}`,
        title: `Bulk resource ${n}`,
        created: 1_700_000_000_000 + n,
        sequence: n,
        category_id: "cat_bulk",
        tags: ["bulk"],
        shouldBeAvailableOffline: false,
        versions: [
          {
            creator_id: "u_bulk_1",
            created: 1_700_000_000_000 + n,
            approvedOn: 1_700_000_000_500 + n,
            version: "1.0",
            description: "bulk",
            type: "file",
          },
        ],
      })),
    equipments: ids.map((n) => ({
      id: `eq_bulk_${n}`,
      serialNumber: `SN-BULK-${n}`,
      equipmentType_id: "et_bulk",
      created: 1_700_000_000_000 + n,
      parent_id: "",
      fieldOffice_id: ["fo_bulk"],
      lineOfBusiness_id: "lob_bulk",
      assignedUsers_id: ["u_bulk_1"],
      notes: `bulk equipment number ${n}`,
      isInService: n % 2 === 0,
      metavalues: { mf_bulk_len: n / 10, mf_bulk_brand: "Acme" },
      schedules: [
        {
          schedule_id: "sch_a",
          expiresOn: 1_900_000_000_000,
          expiringOn: 1_890_000_000_000,
          lastCompletedOn: 1_700_000_000_000,
        },
        { schedule_id: "sch_b", expiresOn: null, expiringOn: null, lastCompletedOn: null },
      ],
    })),
  };
  await writeFile(path, JSON.stringify(dataset));
  const resources = dataset.resources.length;
  return 3 + resources * 2 + equipments * 3;
}
