import type { eventsStream } from "../streams/events.stream.js";
import { componentRef } from "./openApiComponents.js";
import type { JsonSchema } from "./toJsonSchema.js";

/** The id under `components.schemas` of a schema that declares one in its `.meta`. */
const idOf = (schema: { meta(): { id?: unknown } | undefined }) => schema.meta()?.id as string;

/**
 * The OpenAPI 3.2 path item of a subscription (`streams`): a GET whose `input` query
 * parameter is its parameters as JSON, answered with `text/event-stream`, each message
 * described by `itemSchema` as the Server-Sent Event it is - its `data` the JSON of one
 * record (`contentSchema`), its `id` the record's id, which a client resumes from. tRPC
 * also sends `ping` (keep-alive), `connected` and, when the input is refused,
 * `serialized-error` events; a message without an event name carries a record.
 *
 * @param stream - the subscription's definition
 */
export function openApiStreamPathItem(stream: typeof eventsStream): JsonSchema {
  const item = componentRef(idOf(stream.item));
  return {
    get: {
      operationId: stream.name,
      tags: [stream.name.split(".")[0]],
      summary: stream.summary,
      description: stream.description,
      parameters: [
        {
          name: "input",
          in: "query",
          required: true,
          description: "The subscription's input (`token` included) as JSON, percent-encoded.",
          content: { "application/json": { schema: componentRef(idOf(stream.params)) } },
        },
        {
          name: "Last-Event-ID",
          in: "header",
          required: false,
          description:
            "The id of the last event received, as an EventSource sends it when it reconnects: the same as the input's `lastEventId`.",
          schema: { type: "string" },
        },
      ],
      responses: {
        "200": {
          description:
            "A stream of Server-Sent Events: each message without an event name carries one record as its data, its id the record's; `ping` messages keep an idle stream open; a refused input ends the stream with one `serialized-error` message, whose data's `error.data.error` is the /v1 error identifier.",
          content: {
            "text/event-stream": {
              itemSchema: {
                type: "object",
                properties: {
                  event: {
                    type: "string",
                    description:
                      "Absent on a message that carries a record; `ping`, `connected`, `serialized-error` or `return` otherwise.",
                  },
                  id: { type: "string", description: "The record's id: send it back to resume after it." },
                  data: {
                    type: "string",
                    description: "The record, as JSON.",
                    contentMediaType: "application/json",
                    contentSchema: item,
                  },
                  retry: { type: "integer", minimum: 0 },
                },
              },
            },
          },
        },
        default: {
          description: "A failure before the stream opens, in tRPC's error shape.",
          content: {
            "application/json": {
              schema: {
                type: "object",
                description:
                  "tRPC's error shape: `error.message` the /v1 description, `error.data.error` the /v1 identifier, `error.data.httpStatus` its HTTP status.",
              },
            },
          },
        },
      },
    },
  };
}
