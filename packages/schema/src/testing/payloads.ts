// Hand-written payloads for the agreement tests: each valid one must pass both zod
// and the published JSON Schema (ajv), each invalid one must fail both.
import { changesPayloadCases } from "./changesPayloads.js";
import { eventPayloadCases } from "./eventPayloads.js";
import { inspectionPayloadCases } from "./inspectionPayloads.js";
import { methodPayloadCases } from "./methodPayloads.js";
import type { PayloadCase } from "./PayloadCase.js";
import { recordPayloadCases } from "./recordPayloads.js";
import { registerPayloadCases } from "./registerPayloads.js";
import { webhookPayloadCases } from "./webhookPayloads.js";

export type { PayloadCase } from "./PayloadCase.js";

/** Valid and invalid payloads for every record, envelope and method schema. */
export const payloadCases: PayloadCase[] = [
  ...recordPayloadCases,
  ...methodPayloadCases,
  ...eventPayloadCases,
  ...webhookPayloadCases,
  ...inspectionPayloadCases,
  ...registerPayloadCases,
  ...changesPayloadCases,
];
