// Small helpers for writing Markdown that Astro renders: tables whose cells may hold
// any schema text, fenced code, and raw HTML blocks.

/** Escapes a value for one GitHub-flavoured Markdown table cell. */
export function cell(text: string): string {
  return (
    text
      .replaceAll("\\|", "|")
      .replaceAll("|", "\\|")
      .replaceAll(/\r?\n+/g, " ")
      .trim() || " "
  );
}

/** A Markdown table; every cell is escaped. */
export function table(head: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.map(cell).join(" | ")} |`;
  return [line(head), line(head.map(() => "---")), ...rows.map(line)].join("\n");
}

/**
 * A {@link table} whose first column names things (parameters, fields, options, error
 * identifiers): a name never breaks inside (`equipment_i` / `d`), where other code in the
 * cells may break anywhere to fit the column (src/styles/inlineCode.css).
 */
export function nameTable(head: readonly string[], rows: readonly (readonly string[])[]): string {
  return `<div class="name-table">\n\n${table(head, rows)}\n\n</div>`;
}

/** A fenced code block whose fence is longer than any backtick run inside; flags such as `wrap` go to Expressive Code. */
export function code(language: string, text: string, title?: string, ...flags: string[]): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((match) => match[0].length));
  const fence = "`".repeat(longest + 1);
  // Expressive Code reads `title="..."` and flags such as `wrap` from the fence's meta.
  const meta = [title ? `title=${JSON.stringify(title)}` : "", ...flags]
    .filter(Boolean)
    .map((part) => ` ${part}`)
    .join("");
  return `${fence}${language}${meta}\n${text}\n${fence}`;
}

/** Inline code that survives any backticks in the text. */
export function inlineCode(text: string): string {
  return text.includes("`") ? `\`\` ${text} \`\`` : `\`${text}\``;
}

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** YAML front matter with the values JSON-quoted (JSON strings are valid YAML). */
export function frontMatter(
  fields: Record<string, string | number | boolean | Record<string, unknown>>,
): string {
  const lines = Object.entries(fields).map(([key, value]) => `${key}: ${JSON.stringify(value)}`);
  return `---\n${lines.join("\n")}\n---\n`;
}

/** Joins page blocks with blank lines and ends the file with one newline. */
export function page(...blocks: (string | false | undefined)[]): string {
  return `${blocks.filter((block): block is string => Boolean(block)).join("\n\n")}\n`;
}
