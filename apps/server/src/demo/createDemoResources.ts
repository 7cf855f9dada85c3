import type { Dataset } from "@wsafe/schema";
import type { Random } from "./createRandom.js";
import { DAY } from "./DAY.js";

type DatasetResource = Dataset["resources"][number];

const resourceTitles = [
  ["res_fall_protection", "Fall protection procedure", "cat_procedures", ["height", "harness"]],
  ["res_ladder_use", "Safe use of ladders", "cat_procedures", ["height", "ladder"]],
  ["res_fire_plan", "Fire evacuation plan", "cat_emergency", ["fire"]],
  ["res_gas_alarm", "Gas alarm response", "cat_emergency", ["gas", "alarm"]],
  ["res_ppe_policy", "Personal protective equipment policy", "cat_policies", []],
  ["res_first_aid", "First aid kit checklist", "cat_checklists", ["first aid"]],
  ["res_toolbox_talk", "Toolbox talk: working at height", "cat_training", ["height", "training"]],
  ["res_incident_form", "Incident report form", "cat_forms", ["incident"]],
] as const;

/**
 * The demo's resources: eight of `acc_demo`, created 17 days apart from 900 days before
 * `now`, with one to four versions each (creators drawn from `creatorIds`), and one of
 * `acc_other`. Draws from `random` in that order.
 *
 * @param creatorIds - the users of `acc_demo`, who write the versions
 * @example
 * createDemoResources(createRandom(1), Date.now(), ["u_ada"]).length; // 9
 */
export function createDemoResources(
  random: Random,
  now: number,
  creatorIds: readonly string[],
): DatasetResource[] {
  const resourceStart = now - 900 * DAY;
  const resources: DatasetResource[] = resourceTitles.map(([id, title, category, tags], index) => {
    const created = Math.floor((resourceStart + index * 17 * DAY) / 1000) * 1000;
    const versionCount = 1 + (index % 4);
    const versions = Array.from({ length: versionCount }, (_, v) => {
      const versionCreated = created + v * 45 * DAY;
      return {
        creator_id: random.pick(creatorIds),
        created: versionCreated,
        approvedOn: versionCreated + random.int(1, 5) * DAY,
        version: v < 3 ? `1.${v}` : `2.${v - 3}`,
        description: v === 0 ? "First issue." : `Revision ${v}: updated after review.`,
        type: "file" as const,
      };
    });
    return {
      account_id: "acc_demo",
      id,
      title,
      created,
      // Two resources share a sequence number so that ordering by id shows.
      sequence: index === 3 ? 3 : index + 1,
      category_id: category,
      tags: [...tags],
      shouldBeAvailableOffline: index % 3 === 0,
      versions,
    };
  });
  resources.push({
    account_id: "acc_other",
    id: "res_other_manual",
    title: "Another account's manual",
    created: resourceStart,
    sequence: 1,
    category_id: "cat_other",
    tags: [],
    shouldBeAvailableOffline: false,
    versions: [
      {
        creator_id: "u_other",
        created: resourceStart,
        approvedOn: resourceStart + DAY,
        version: "1.0",
        description: "First issue.",
        type: "file",
      },
    ],
  });
  return resources;
}
