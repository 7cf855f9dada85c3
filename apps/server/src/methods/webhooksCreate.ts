import { quoteInput, webhookDelivery } from "@wsafe/schema";
import { ApiError } from "../errors/ApiError.js";
import { Store } from "../store/Store.js";
import { WebhookStore } from "../webhooks/WebhookStore.js";
import { webhookTarget } from "../webhooks/webhookTarget.js";
import type { WriteHandler } from "./WriteHandler.js";

/**
 * `webhooks.create`: checks the URL by the webhook target's rules (scheme, and every
 * address it reaches: a parameter check, before any lookup), then, in the write's
 * transaction, the equipment type, and makes the endpoint unless the account is at its
 * cap, answering it with its secret, shown only here (and to a repeat of its
 * `idempotency_key`).
 */
export const webhooksCreate: WriteHandler<"webhooks.create"> = async (
  params,
  { services: { webhooks }, token, now },
  transaction,
) => {
  const url = await webhookTarget(webhooks.settings).check(params.url, (refused) =>
    webhooks.log?.(
      { account_id: token.accountId, ...refused },
      "webhooks.create refused an endpoint for the address its host name resolves to",
    ),
  );
  const typeId = params.equipmentType_id ?? null;
  return transaction(async ({ sql }) => {
    if (typeId !== null && !(await new Store(sql).findEquipmentType(token.accountId, typeId)))
      throw new ApiError("content_not_found", `equipment type not found: ${quoteInput(typeId)}`);
    const made = await new WebhookStore(sql).create(
      token.accountId,
      { url, types: [...new Set(params.types ?? [])], equipmentTypeId: typeId },
      now,
    );
    if (!made)
      throw new ApiError(
        "limit_reached",
        `the account has ${webhookDelivery.endpointsPerAccount} webhook endpoints, the most it may have: delete one (webhooks.delete) before making another`,
      );
    return { ok: true, webhook: made.webhook, secret: made.secret.reveal() };
  });
};
