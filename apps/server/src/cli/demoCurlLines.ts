import { methodUrlPath, requestMediaType } from "@wsafe/schema";
import { demoTokens } from "../demo/demoTokens.js";

/**
 * Ready-to-paste `curl` lines for the demo: a GET (request data as the percent-encoded
 * query string) and a POST (request data as the body). The POST names its body's type:
 * curl's `-d` alone says form-urlencoded, which a validating proxy reading the
 * OpenAPI document would rightly refuse. Each answer fits a screen: the POST asks for
 * one page of five harnesses with three columns (about 500 bytes), where the whole list
 * of 1 294 harnesses (50 kB) flooded the terminal of whoever tried it first.
 *
 * @param url - the server's base URL
 * @param insecure - add `-k` (self-signed certificate)
 */
export function demoCurlLines(url: string, insecure: boolean): string[] {
  const k = insecure ? "-k " : "";
  const get = encodeURIComponent(JSON.stringify({ token: demoTokens.read, user: "u_ada" }));
  const post = JSON.stringify({
    token: demoTokens.read,
    equipmentType_id: "et_harness",
    limit: 5,
    columns: ["id", "serialNumber", "status"],
  });
  return [
    `curl ${k}'${url}${methodUrlPath("users.info")}?${get}'`,
    `curl ${k}-X POST '${url}${methodUrlPath("equipments.list")}' -H 'content-type: ${requestMediaType}' -d '${post}'`,
  ];
}
