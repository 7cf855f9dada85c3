#!/usr/bin/env node
// Renders one template of this folder with values from the environment:
// `${NAME}` takes $NAME and fails when it is unset; `${NAME:-default}` falls back to
// the default when it is unset or empty. Nothing else is touched, so a template stays a valid file of its kind
// apart from its placeholders.
// Usage: node deploy/render.mjs TEMPLATE [OUTPUT]   (without OUTPUT: stdout)
import { readFileSync, writeFileSync } from "node:fs";

/**
 * Fills the placeholders of a template.
 *
 * @param {string} text - the template
 * @param {Record<string, string | undefined>} env - the values, usually `process.env`
 * @returns {string} the rendered text
 * @throws {Error} naming every placeholder without a value or a default
 */
export function render(text, env) {
  const missing = new Set();
  const rendered = text.replace(/\$\{([A-Z][A-Z0-9_]*)(?::-([^}]*))?\}/g, (_match, name, fallback) => {
    const value = env[name];
    // As in the shell: `${NAME:-default}` also replaces an empty value, `${NAME}` keeps it.
    if (fallback !== undefined) return value ? value : fallback;
    if (value !== undefined) return value;
    missing.add(name);
    return "";
  });
  if (missing.size > 0) throw new Error(`no value for ${[...missing].join(", ")}`);
  return rendered;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [template, output] = process.argv.slice(2);
  if (!template) {
    console.error("usage: node deploy/render.mjs TEMPLATE [OUTPUT]");
    process.exit(2);
  }
  try {
    const rendered = render(readFileSync(template, "utf8"), process.env);
    if (output) writeFileSync(output, rendered, { mode: 0o640 });
    else process.stdout.write(rendered);
  } catch (error) {
    console.error(`render: ${template}: ${error.message}`);
    process.exit(1);
  }
}
