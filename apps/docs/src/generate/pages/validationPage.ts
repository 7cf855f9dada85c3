// Validating payloads against the contract: `validate()` of @wsafe/schema, the client's
// response validation, the `wsafe-schema` command (its --help, as the built package
// prints it) and the JSON Schema files for other languages.
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { methods, schemaCatalog, schemaNames } from "@wsafe/schema";
import { jsonSchemaBaseUrl } from "@wsafe/schema/openapi";
import { installSteps } from "../installFromTarballs.js";
import { code, frontMatter, inlineCode, page, table } from "../markdown.js";
import { schemaFilePath } from "../sitePaths.js";

const require = createRequire(import.meta.url);

/** What `wsafe-schema --help` prints: the command line as the built package has it. */
function schemaCliHelp(): string {
  const manifest = require.resolve("@wsafe/schema/package.json");
  const { bin } = require(manifest) as { bin: Record<string, string> };
  const script = join(dirname(manifest), bin["wsafe-schema"]!);
  return execFileSync(process.execPath, [script, "--help"], { encoding: "utf8" }).trimEnd();
}

/** The Markdown of the validation page, `/validation/`. */
export function validationPage(): string {
  const firstMethod = Object.values(methods)[0]!.name;
  const resultName = `${firstMethod}.result`;
  const resultUrl = `${jsonSchemaBaseUrl}${resultName}.json`;
  return page(
    frontMatter({
      title: "Validation",
      description:
        "Checking payloads against the /v1 contract: validate(), the wsafe-schema command, JSON Schema in any language.",
    }),
    "The contract is one set of schemas, published three ways: as zod schemas in `@wsafe/schema` for TypeScript, as a command line for any shell or pipeline, and as JSON Schema 2020-12 files for every other language. All three say the same, since the files and the command are generated from the zod schemas.",
    "## In TypeScript",
    ...installSteps("@wsafe/schema"),
    code(
      "ts",
      [
        'import { validate } from "@wsafe/schema";',
        "",
        `const result = validate(${JSON.stringify(resultName)}, body); // never throws`,
        "if (result.ok) use(result.value); // typed as the method's result",
        `else for (const { path, message } of result.issues) console.error(\`\${path}: \${message}\`);`,
      ].join("\n"),
    ),
    "`validate(name, payload)` returns `{ ok: true, value }` or `{ ok: false, issues }`, each issue a `path` as people read it (`(root)` for the whole payload) and a `message`. Each schema is also exported for zod's own API (`equipmentSchema.parse(payload)` throws on invalid), and `methods[name].params` / `.result` reach a method's.",
    'For a file a person wrote (a dataset to import), `describeProblems(name, payload)` words each problem for whoever fixes it and names its record by id: `equipment "eq_h_0003": required field `serialNumber` missing`, `` `created` must be an integer (ms since the epoch), got "yesterday" ``, ``unknown field `equipmentType` (did you mean `equipmentTypes`?)``. `formatProblems(problems)` lists them (the first 50, then how many more), and `describeJsonSyntaxError(text)` says where a text stops being JSON: line, column, the line with a caret under the fault. The `wsafe-schema` command and the server\'s `wsafe import` print them.',
    "### Names",
    "Every name the function and the command take, with its JSON Schema file:",
    table(
      ["Name", "Describes", "JSON Schema"],
      schemaNames.map((name) => [
        inlineCode(name),
        schemaCatalog[name].io === "input" ? "data a caller sends" : "data the service answers",
        `[${name}.json](${schemaFilePath(name)})`,
      ]),
    ),
    "### Strict requests, open responses",
    "Request data (`<method>.params`) and datasets are strict: an unknown key is an error, as the service answers `parameter_unexpected`. Response records are open: a field added in a later minor version of /v1 does not make an older validator fail (zod strips it; the JSON Schemas allow it). Removing or retyping a response field is a breaking change and never happens under /v1.",
    "## In the client",
    "`@wsafe/client` checks nothing by default. Pass the validator of its `@wsafe/client/validate` subpath to check each success against the method's result schema, and each failure against the error envelope and the identifiers that method may answer; a reply that breaks the contract throws a `WsafeValidationError` with the issues (see [client errors](/client/errors/)). It checks and never changes the result; it brings zod into your bundle, which is why it is a separate import. Switch it on in tests and staging, say.",
    code(
      "ts",
      [
        'import { createClient } from "@wsafe/client";',
        'import { validateResponse } from "@wsafe/client/validate";',
        "",
        "const client = createClient({ baseUrl, token, validateResponses: validateResponse });",
      ].join("\n"),
    ),
    "## The wsafe-schema command",
    "`@wsafe/schema` installs the `wsafe-schema` command, for pipelines in any language: it validates a file or standard input against a named schema and answers with its exit code.",
    code(
      "sh",
      [
        "npx -p @wsafe/schema wsafe-schema validate Dataset demo.json",
        `curl -s ... | npx -p @wsafe/schema wsafe-schema validate ${resultName} -`,
        "npx -p @wsafe/schema wsafe-schema list",
      ].join("\n"),
    ),
    code("text", schemaCliHelp(), "wsafe-schema --help"),
    "## JSON Schema files",
    `One JSON Schema (2020-12) per name above. Each file is self-contained (shared parts under \`$defs\`), compiles with ajv in strict mode, and has an \`$id\` at its published URL, ${inlineCode(`${jsonSchemaBaseUrl}<name>.json`)}. Fetch them from this site, or take the copies shipped in the package: \`@wsafe/schema/json-schema/<name>.json\`. The [downloads](/downloads/) page lists them with what each describes, beside the OpenAPI document.`,
    "## In other languages",
    "Any JSON Schema 2020-12 validator works; the repository's ecosystem suite validates every real answer of the server with Python's `jsonschema` (see [verified with](/downloads/#verified-with)). Pin a copy of the files in your repository and update it with your client, rather than fetching at run time: a file changes only with a release of the contract.",
    code(
      "python",
      [
        "# pip install jsonschema",
        "import json",
        "from jsonschema import Draft202012Validator",
        "",
        `with open("${resultName}.json") as file:  # from ${resultUrl}`,
        "    validator = Draft202012Validator(json.load(file))",
        "for error in validator.iter_errors(body):",
        "    print(error.json_path, error.message)",
      ].join("\n"),
      "Python",
    ),
    code(
      "go",
      [
        "// go get github.com/santhosh-tekuri/jsonschema/v6",
        "compiler := jsonschema.NewCompiler()",
        `schema, err := compiler.Compile("${resultName}.json") // from ${resultUrl}`,
        "if err != nil { return err }",
        "if err := schema.Validate(body); err != nil { // body: the reply decoded with jsonschema.UnmarshalJSON",
        "    log.Print(err) // every issue, with its JSON pointer",
        "}",
      ].join("\n"),
      "Go",
    ),
    code(
      "js",
      [
        "// npm install ajv: JavaScript without zod",
        'import { Ajv2020 } from "ajv/dist/2020.js";',
        `import schema from "@wsafe/schema/json-schema/${resultName}.json" with { type: "json" };`,
        "",
        "const ajv = new Ajv2020({ strict: true, allErrors: true });",
        "const check = ajv.compile(schema);",
        "if (!check(body)) console.error(check.errors);",
      ].join("\n"),
      "JavaScript (ajv)",
    ),
    "To check a running service rather than single payloads, use the [conformance kit](/conformance/).",
  );
}
