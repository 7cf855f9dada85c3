// The index of the methods folder: every method of the registry with its summary, in
// registry order. The registry's TSDoc links here, so it lists what the registry holds.
import { methods, methodUrlPath } from "@wsafe/schema";
import { code, frontMatter, inlineCode, page, table } from "../markdown.js";
import { ownParametersText } from "../ownParameters.js";
import { defaultBaseUrl, methodPath, openApiPath } from "../sitePaths.js";

/** The Markdown of the methods index page, `/methods/`. */
export function methodsIndexPage(): string {
  const all = Object.values(methods);
  return page(
    frontMatter({
      title: "Methods",
      description: "Every method of /v1 with what it does, its permission and its parameters.",
      // First in the sidebar's Methods group, before the pages of the methods themselves.
      sidebar: { order: 0, label: "All methods" },
    }),
    `/v1 has ${all.length} methods. Each is named by its URL, ${inlineCode(`${defaultBaseUrl}${methodUrlPath("<method>")}`)}, takes one JSON object of request data by GET or POST (see [conventions](/conventions/)) and answers one JSON object: \`ok: true\` with the method's fields, or \`ok: false\` with an [error identifier](/errors/). Every method also takes \`token\` (required; see [authentication](/authentication/)) and \`pretty\`.`,
    table(
      ["Method", "What it does", "Permission", "Parameters besides token and pretty"],
      all.map((method) => [
        `[${method.name}](${methodPath(method.name)})`,
        method.summary,
        inlineCode(method.permission),
        ownParametersText(method),
      ]),
    ),
    `Each method's page has its parameters and answer in full, the errors it can return, examples with \`curl\` and \`@wsafe/client\`, and a console to try it. With the typed client, every method is a function under its name: \`client.${all[0]!.name}()\` (see [the client](/client/)).`,
    "## Machine-readable",
    `The same list, with every request and response schema, is the [OpenAPI document](${openApiPath}); each method's request data and success body are also published as JSON Schema files on the [downloads](/downloads/) page. In TypeScript, the registry itself is \`methods\` of \`@wsafe/schema\`:`,
    code(
      "ts",
      [
        'import { methods } from "@wsafe/schema";',
        "",
        "for (const method of Object.values(methods)) console.log(method.name, method.summary);",
        `methods[$JSON.stringify(all[0]!.name)].params.parse(data); // throws on request data the service refuses`,
      ].join("\n"),
    ),
  );
}
