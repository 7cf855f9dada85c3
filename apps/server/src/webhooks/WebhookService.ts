import type { WebhookSettings } from "./WebhookSettings.js";
import type { WebhookStore } from "./WebhookStore.js";

/** What the `webhooks.*` methods work with: the endpoints, and the server's webhook settings. */
export interface WebhookService {
  readonly store: WebhookStore;
  readonly settings: WebhookSettings;
}
