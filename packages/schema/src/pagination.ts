import * as z from "zod";

/** The largest page a paginated method answers: 1 000 records. */
export const maxPageSize = 1000;

/**
 * The parameters of every paginated method: `limit` and `cursor`. Without either, the
 * method answers its whole list, as before pagination existed.
 *
 * @see https://docs.wsafe.dev/pagination/
 */
export const paginationShape = {
  limit: z
    .int()
    .min(1)
    .max(maxPageSize)
    .optional()
    .describe(
      `Largest number of records in this page, 1 to ${maxPageSize}. With \`limit\` or \`cursor\` the answer is one page and carries \`response_metadata.next_cursor\`. Omitted with a \`cursor\`: the \`limit\` of the walk's first page.`,
    ),
  cursor: z
    .string()
    .min(1)
    .optional()
    .describe(
      'Where to go on: `response_metadata.next_cursor` of the previous page, as it was. Opaque. A cursor that was altered, belongs to another account or method, or comes from a walk with other filters answers `parameter_invalid`. It is checked with the other parameters, before the method looks anything up: a bad cursor with an unknown `equipmentType_id` is `parameter_invalid`, not `content_not_found`. Omit it (never send `""`) to start at the first record.',
    ),
};

/**
 * What a page says about the rest of the walk.
 *
 * @example
 * { "next_cursor": "" } // the last page
 * @see https://docs.wsafe.dev/pagination/
 */
export const responseMetadataSchema = z
  .object({
    next_cursor: z
      .string()
      .describe(
        'The `cursor` of the next page; `""` when this page is the last. Present whenever `limit` or `cursor` was sent.',
      ),
  })
  .meta({
    id: "ResponseMetadata",
    title: "Response metadata",
    description: 'Where a paginated walk goes on: `next_cursor`, `""` at the end.',
  });

/** What a page says about the rest of the walk. */
export type ResponseMetadata = z.infer<typeof responseMetadataSchema>;

/** The result field of every paginated method: present exactly when `limit` or `cursor` was sent. */
export const paginatedResultShape = {
  response_metadata: responseMetadataSchema
    .optional()
    .describe("Present exactly when `limit` or `cursor` was sent: where the walk goes on."),
};
