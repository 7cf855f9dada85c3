import { quoteInput, webhookDelivery } from "@wsafe/schema";
import { ApiError } from "../errors/ApiError.js";
import { webhookTarget } from "../webhooks/webhookTarget.js";
import type { MethodHandler } from "./MethodHandler.js";

/**
 * `webhooks.create`: checks the URL by the webhook target's rules (scheme, and every
 * address it reaches: a parameter check, before any lookup), the equipment type, then makes the endpoint unless the
 * account is at its cap, and answers it with its secret, shown only here.
 */
export const webhooksCreate: MethodHandler<"webhooks.create"> = async (
  params,
  { services: { store, webhooks }, token, now },
) => {
  const url = await webhookTarget(webhooks.settings).check(params.url, (refused) =>
    webhooks.log?.(
      { account_id: token.accountId, ...refused },
      "webhooks.create refused an endpoint for the address its host name resolves to",
    ),
  );
  const typeId = params.equipmentType_id ?? null;
  if (typeId !== null && !(await store.findEquipmentType(token.accountId, typeId)))
    throw new ApiError("content_not_found", `equipment type not found: ${quoteInput(typeId)}`);
  const made = await webhooks.store.create(
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
};
