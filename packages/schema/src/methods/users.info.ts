import * as z from "zod";
import { requestEnvelopeShape, successEnvelope } from "../envelope.js";
import { userSchema } from "../records/user.js";
import { defineMethod } from "./defineMethod.js";

/**
 * Parameters of `users.info`.
 *
 * @see https://docs.wsafe.dev/methods/users.info/
 */
export const usersInfoParamsSchema = z
  .strictObject({
    ...requestEnvelopeShape,
    user: z
      .union([z.string().min(1), z.int().nonnegative()])
      .describe(
        'The user\'s id: a string, or a non-negative integer meaning the same id written in decimal (`42` ≡ `"42"`).',
      ),
  })
  .meta({
    id: "UsersInfoParams",
    title: "users.info parameters",
    description: "Request data of `users.info`.",
  });

/** The result of `users.info`. */
export const usersInfoResultSchema = successEnvelope({ user: userSchema }).meta({
  id: "UsersInfoResult",
  title: "users.info result",
  description: "Success body of `users.info`.",
});

/** Request data of `users.info`. */
export type UsersInfoParams = z.input<typeof usersInfoParamsSchema>;
/** Success body of `users.info`. */
export type UsersInfoResult = z.infer<typeof usersInfoResultSchema>;

/** Registry entry of `users.info`. */
export const usersInfo = defineMethod({
  name: "users.info",
  summary: "Returns one user of the account.",
  description: [
    'Returns the user whose id is `user`. An integer `user` means the same id written in decimal, so `42` and `"42"` name the same user.',
    "A user that does not exist or belongs to another account answers `content_not_found`.",
  ].join("\n\n"),
  permission: "read",
  params: usersInfoParamsSchema,
  result: usersInfoResultSchema,
  ownErrors: ["content_not_found"],
  examples: [
    {
      title: "Look up a user by id",
      request: { token: "wsafe-demo-token-read", user: "u_ada" },
      response: { ok: true, user: { id: "u_ada", name: "Ada Lovelace" } },
    },
    {
      title: "A numeric id, as in the original request example",
      request: { token: "wsafe-demo-token-read", user: 1042 },
      response: { ok: true, user: { id: "1042", name: "Grace Hopper" } },
    },
    {
      title: "An unknown user",
      request: { token: "wsafe-demo-token-read", user: "u_nobody" },
      response: { ok: false, error: "content_not_found", description: "user not found: u_nobody" },
    },
  ],
});
