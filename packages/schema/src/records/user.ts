import * as z from "zod";
import { identifier } from "./primitives.js";

/**
 * A user of the account.
 *
 * @see https://docs.wsafe.dev/records/user/
 */
export const userSchema = z
  .object({
    id: identifier("Identifier of the user."),
    name: z.string().describe("Full name of the user."),
  })
  .meta({ id: "User", title: "User", description: "A user of the account." });

/** A user of the account. */
export type User = z.infer<typeof userSchema>;
