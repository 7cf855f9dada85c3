import { quoteInput } from "@wsafe/schema";
import { ApiError } from "../errors/ApiError.js";

/**
 * The answer to an endpoint id the account does not have: `content_not_found`, whether it
 * does not exist or is another account's (its existence is not ours to reveal).
 *
 * @param id - the id as the caller sent it
 */
export const webhookNotFound = (id: string) =>
  new ApiError("content_not_found", `webhook not found: ${quoteInput(id)}`);
