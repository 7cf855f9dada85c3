export {
  type AddressKind,
  type AddressRule,
  addressKinds,
  type EmbeddingForm,
  ipv4Embeddings,
  ipv4Rules,
  ipv6Rules,
} from "./addressRules.js";
export { checkEndpointUrl, type EndpointUrlOptions } from "./checkEndpointUrl.js";
export { type DeliveryPayload, deliveryBody } from "./deliveryBody.js";
export { describeSendError, sendErrorTexts } from "./describeSendError.js";
export { type ForbiddenAddress, forbiddenAddress } from "./forbiddenAddress.js";
export { ForbiddenAddressError, guardedLookup, type SystemLookup } from "./guardedLookup.js";
export { type ResolveHostAddresses, resolveHostAddresses } from "./resolveHostAddresses.js";
export {
  answerByteLimit,
  type Delivery,
  type DeliveryResult,
  deliveryTimeoutMs,
  type SendOptions,
  sendDelivery,
} from "./sendDelivery.js";
export { type SignRequest, signDelivery, type WebhookHeaders } from "./signDelivery.js";
export { WebhookSecret, webhookSecretBytes } from "./WebhookSecret.js";
