import * as z from "zod";
import { requestEnvelopeShape, successEnvelope } from "../envelope.js";
import { paginatedResultShape, paginationShape } from "../pagination.js";
import { resourceSchema } from "../records/resource.js";
import { defineMethod } from "./defineMethod.js";

/**
 * Parameters of `resources.list`: the envelope, and `limit` / `cursor` to read it in pages.
 *
 * @see https://docs.wsafe.dev/methods/resources.list/
 */
export const resourcesListParamsSchema = z
  .strictObject({ ...requestEnvelopeShape, ...paginationShape })
  .meta({
    id: "ResourcesListParams",
    title: "resources.list parameters",
    description: "Request data of `resources.list`: `token`, `pretty`, and `limit` / `cursor` for pages.",
  });

/** The result of `resources.list`. */
export const resourcesListResultSchema = successEnvelope({
  resources: z
    .array(resourceSchema)
    .describe(
      "The resources of the token's account, ordered by `sequence`, then `id`: all of them, or one page.",
    ),
  ...paginatedResultShape,
}).meta({
  id: "ResourcesListResult",
  title: "resources.list result",
  description: "Success body of `resources.list`.",
});

/** Request data of `resources.list`. */
export type ResourcesListParams = z.input<typeof resourcesListParamsSchema>;
/** Success body of `resources.list`. */
export type ResourcesListResult = z.infer<typeof resourcesListResultSchema>;

/** Registry entry of `resources.list`. */
export const resourcesList = defineMethod({
  name: "resources.list",
  summary: "Returns the resources (documents) of the account, each with its versions.",
  description: [
    "Returns every resource of the token's account, ordered by `sequence` ascending, then `id`.",
    "Each resource carries one or more versions, ordered by `created` ascending.",
    'With `limit` or `cursor` the answer is one page of at most `limit` resources, in the same order, and `response_metadata.next_cursor` says where the next page starts (`""` after the last). Any other key is `parameter_unexpected`.',
  ].join("\n\n"),
  permission: "read",
  params: resourcesListParamsSchema,
  result: resourcesListResultSchema,
  ownErrors: [],
  pagination: { order: ["sequence", "id"], filters: [] },
  examples: [
    {
      title: "The resources of the account, two per page",
      request: { token: "wsafe-demo-token-read", limit: 2 },
      response: {
        ok: true,
        resources: [
          {
            id: "res_fall_protection",
            title: "Fall protection procedure",
            created: 1718323200000,
            sequence: 1,
            category_id: "cat_procedures",
            tags: ["height", "harness"],
            shouldBeAvailableOffline: true,
            versions: [
              {
                creator_id: "u_alan",
                created: 1718323200000,
                approvedOn: 1718409600000,
                version: "1.0",
                description: "First issue.",
                type: "file",
              },
            ],
          },
          {
            id: "res_ladder_use",
            title: "Safe use of ladders",
            created: 1719792000000,
            sequence: 2,
            category_id: "cat_procedures",
            tags: ["height", "ladder"],
            shouldBeAvailableOffline: false,
            versions: [
              {
                creator_id: "u_alan",
                created: 1719792000000,
                approvedOn: 1720224000000,
                version: "1.0",
                description: "First issue.",
                type: "file",
              },
              {
                creator_id: "u_edsger",
                created: 1723680000000,
                approvedOn: 1723852800000,
                version: "1.1",
                description: "Revision 1: updated after review.",
                type: "file",
              },
            ],
          },
        ],
        response_metadata: { next_cursor: "djEuZXlKdElqb2ljbVZ6YjNWeVkyVnpMbXhwYzNRaWZR.c2lnbmF0dXJl" },
      },
    },
    {
      title: "An unknown parameter is refused",
      request: { token: "wsafe-demo-token-read", sort: "title" } as never,
      response: { ok: false, error: "parameter_unexpected", description: "unexpected parameter: sort" },
    },
  ],
});
