// Guards the promise that the site never disagrees with the contract: every method,
// parameter, result field, record field and error identifier of @wsafe/schema must be
// on the built pages (the operational pages and the downloads: builtSiteOperations.test.ts).
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { errorDescriptions, errorIdentifiers, methods, schemaCatalog } from "@wsafe/schema";
import { describe, expect, it } from "vitest";
import { curlGet, curlPost } from "../src/generate/examples.js";
import { examplesNote } from "../src/generate/pages/methodPage.js";
import { auditExample, paginatedMethods } from "../src/generate/pages/paginationPage.js";
import { recordPageNames, recordSlug } from "../src/generate/sitePaths.js";
import {
  distDir,
  distFiles,
  mainHtml,
  pageHtml,
  sectionHtml,
  shows,
  squashText,
  tableRows,
  textOf,
} from "./builtSite.js";

const firstCells = (html: string) => tableRows(html).map((row) => row[0]);

if (!existsSync(join(distDir, "index.html"))) {
  throw new Error("apps/docs/dist is missing: run `pnpm --filter @wsafe/docs build` before the tests");
}

describe("method pages", () => {
  for (const method of Object.values(methods)) {
    describe(method.name, () => {
      const html = mainHtml(pageHtml(`/methods/${method.name}/`));

      it("shows the summary and the description", () => {
        expect(shows(html, method.summary)).toBe(true);
        for (const paragraph of method.description.split("\n\n"))
          expect(shows(html, paragraph), paragraph).toBe(true);
      });

      it("lists every parameter, and nothing else", () => {
        expect(firstCells(sectionHtml(html, "parameters"))).toEqual(Object.keys(method.params.shape));
      });

      it("marks the required parameters", () => {
        const rows = tableRows(sectionHtml(html, "parameters"));
        for (const [name, field] of Object.entries(method.params.shape)) {
          const row = rows.find((cells) => cells[0] === name)!;
          expect(row[2]!.startsWith("yes"), name).toBe(!(field as { isOptional(): boolean }).isOptional());
        }
      });

      it("lists every result field", () => {
        expect(firstCells(sectionHtml(html, "response"))).toEqual(Object.keys(method.result.shape));
      });

      it("lists every error the method can return, with its description", () => {
        const rows = tableRows(sectionHtml(html, "errors"));
        expect(rows.map((row) => row[0])).toEqual([...method.errors]);
        for (const [identifier, description] of rows) {
          expect(squashText(description!)).toBe(
            squashText(errorDescriptions[identifier as keyof typeof errorDescriptions]),
          );
        }
      });

      it("shows every example with its GET and POST curl lines", () => {
        for (const example of method.examples) {
          const request = example.request as Record<string, unknown>;
          expect(shows(html, example.title), example.title).toBe(true);
          expect(shows(html, curlGet(method.name, request)), "GET line").toBe(true);
          expect(shows(html, curlPost(method.name, request)), "POST lines").toBe(true);
        }
      });

      it("percent-encodes the whole request data in the GET line", () => {
        const request = method.examples[0]!.request as Record<string, unknown>;
        const line = textOf(html).match(
          new RegExp(`curl -k "\\s*[^"\\s]*/v1/${method.name.replace(".", "\\.")}\\?([^"\\s]+)\\s*"`),
        )!;
        expect(JSON.parse(decodeURIComponent(line[1]!))).toEqual(request);
      });

      it("has a @wsafe/client snippet and a try-it console prefilled with the first example", () => {
        expect(shows(html, `client.call("${method.name}"`)).toBe(true);
        const { token, ...params } = method.examples[0]!.request as Record<string, unknown>;
        const console =
          /<div class="try-it[^"]*" data-method="([^"]+)"[\s\S]*?<textarea[^>]*>([\s\S]*?)<\/textarea>/.exec(
            html,
          )!;
        expect(console[1]).toBe(method.name);
        expect(JSON.parse(textOf(console[2]!))).toEqual(params);
        expect(html).toContain(`value="${token}"`);
      });
    });
  }
});

describe("the address of the demo server", () => {
  // `npm start` serves and prints https://127.0.0.1:8443; a certificate exception a
  // browser accepted for that name does not cover localhost, nor the other way round.
  it("is the one npm start prints, on every page and download", () => {
    // The changelog quotes history ("127.0.0.1:8443 ... instead of localhost:8443"):
    // it names the old address to say it is gone, not to send anyone there.
    const files = distFiles().filter(
      (file) => /\.(html|json|js|xml|txt|md)$/.test(file) && !file.startsWith("/changelog/"),
    );
    const naming = files.filter((file) =>
      readFileSync(join(distDir, file), "utf8").includes("localhost:8443"),
    );
    expect(naming).toEqual([]);
    expect(shows(mainHtml(pageHtml("/")), "https://127.0.0.1:8443")).toBe(true);
    expect(pageHtml("/methods/users.info/")).toContain('value="https://127.0.0.1:8443"');
  });
});

describe("method pages' examples", () => {
  it("say whose answers they are, and that a test checks them", () => {
    const html = mainHtml(pageHtml("/methods/equipments.list/"));
    expect(shows(html, examplesNote)).toBe(true);
  });
});

describe("the errors page", () => {
  const html = mainHtml(pageHtml("/errors/"));

  it("lists every error identifier with its description", () => {
    const rows = tableRows(sectionHtml(html, "identifiers"));
    expect(rows.map((row) => row[0])).toEqual([...errorIdentifiers]);
    for (const [identifier, description] of rows) {
      expect(squashText(description!)).toBe(
        squashText(errorDescriptions[identifier as keyof typeof errorDescriptions]),
      );
      expect(html).toContain(`id="${identifier}"`);
    }
  });

  it("gives the precedence of every identifier, in pipeline order", () => {
    const rows = tableRows(sectionHtml(html, "precedence"));
    const order = rows.flatMap((row) => row[2]!.split(" / "));
    expect(new Set(order)).toEqual(new Set(errorIdentifiers));
    expect(order.indexOf("token_invalid")).toBeLessThan(order.indexOf("parameter_unexpected"));
    expect(order.indexOf("rate_limit_exceeded")).toBeLessThan(order.indexOf("token_permission"));
  });
});

describe("record pages", () => {
  for (const name of recordPageNames) {
    it(`${name} lists every field, with its description`, () => {
      const html = mainHtml(pageHtml(`/records/${recordSlug(name)}/`));
      const schema = schemaCatalog[name].schema as { shape?: Record<string, { description?: string }> };
      expect(shows(html, String(schemaCatalog[name].schema.meta()?.description))).toBe(true);
      if (!schema.shape) return;
      const rows = tableRows(sectionHtml(html, "fields"));
      expect(rows.map((row) => row[0])).toEqual(Object.keys(schema.shape));
      for (const [field, value] of Object.entries(schema.shape)) {
        const description =
          value.description ?? (value as { meta(): { description?: string } }).meta()?.description;
        if (description)
          expect(squashText(rows.find((row) => row[0] === field)![3]!), field).toContain(
            squashText(description),
          );
      }
    });
  }

  it("give the status rules on the equipment, schedule and status pages", () => {
    for (const slug of ["schedule", "status"])
      expect(shows(mainHtml(pageHtml(`/records/${slug}/`)), "now >= expiresOn")).toBe(true);
    for (const slug of ["equipment", "status"]) {
      expect(shows(mainHtml(pageHtml(`/records/${slug}/`)), "at least one schedule is expired")).toBe(true);
    }
  });

  it("cover the selected-fields variant of the equipment", () => {
    expect(pageHtml("/records/equipment/")).toContain('href="/v1/schemas/EquipmentSelection.json"');
  });
});

describe("the dataset page", () => {
  it("lists every list of the dataset and every field of its items", () => {
    const html = mainHtml(pageHtml("/dataset/"));
    const shape = schemaCatalog.Dataset.schema.shape as Record<string, unknown>;
    for (const list of Object.keys(shape)) {
      const item = (shape[list] as { unwrap(): { element: { shape: Record<string, unknown> } } }).unwrap()
        .element;
      expect(firstCells(sectionHtml(html, list.toLowerCase()))).toEqual(Object.keys(item.shape));
    }
  });
});

describe("the pagination page", () => {
  it("shows the audit recipe as curl lines and a paginate snippet, from the registry's example", () => {
    const html = mainHtml(pageHtml("/pagination/"));
    const request = auditExample().request as Record<string, unknown>;
    expect(shows(html, `"as_of":${request.as_of}`)).toBe(true);
    // The answer it claims: test/examples.test.ts sends the request and compares.
    expect(shows(html, JSON.stringify(auditExample().response, null, 2))).toBe(true);
    expect(shows(html, 'client.paginate("equipments.list"')).toBe(true);
    for (const method of paginatedMethods) expect(html).toContain(`href="/methods/${method.name}/"`);
  });
});
