import * as z from "zod";
import { identifier, timestamp } from "./primitives.js";
import { versionSchema } from "./version.js";

/**
 * A resource: a document of the account, with its versions.
 *
 * @example
 * import { resourceSchema } from "@wsafe/schema";
 * const resource = resourceSchema.parse(payload);
 * @see https://docs.wsafe.dev/records/resource/
 */
export const resourceSchema = z
  .object({
    id: identifier("Identifier of the resource."),
    title: z.string().describe("Title of the resource."),
    created: timestamp("When the resource was created."),
    sequence: z.int().describe("Position number of the resource; lists are ordered by it."),
    category_id: identifier("Identifier of the category."),
    tags: z.array(z.string()).describe("Free-form tags."),
    shouldBeAvailableOffline: z.boolean().describe("Whether apps should keep the resource for offline use."),
    versions: z
      .array(versionSchema)
      .min(1)
      .describe("The versions of the resource, oldest first; at least one."),
  })
  .meta({ id: "Resource", title: "Resource", description: "A resource (document) with its versions." });

/** A resource with its versions. */
export type Resource = z.infer<typeof resourceSchema>;
