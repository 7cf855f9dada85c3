import type { WebhookSettings } from "./WebhookSettings.js";
import type { WebhookStore } from "./WebhookStore.js";

/** What the `webhooks.*` methods work with: the endpoints, and the server's webhook settings. */
export interface WebhookService {
  readonly store: WebhookStore;
  readonly settings: WebhookSettings;
  /**
   * The server's log (info), for what a method must not tell its caller: the address a
   * refused endpoint's host name resolved to.
   */
  readonly log?: (fields: object, message: string) => void;
}
