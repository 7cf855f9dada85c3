// The static form of a method page's try-it console. It is plain HTML inside the
// Markdown; src/tryIt/mountTryItConsoles.ts wires it up in the browser.
import { headerNames } from "@wsafe/schema/wire";
import { escapeHtml } from "./markdown.js";
import { defaultBaseUrl } from "./sitePaths.js";

/**
 * The console's HTML, prefilled with an example request: its token in the token field,
 * every other key in the parameters. One line per element and no blank line, so that
 * Markdown keeps it as one raw HTML block.
 */
export function tryItConsoleHtml(method: string, request: Record<string, unknown>): string {
  const { token, ...params } = request;
  const id = `try-${method.replaceAll(".", "-")}`;
  return [
    `<div class="try-it not-content" data-method="${escapeHtml(method)}" data-pagefind-ignore>`,
    `<form class="try-it-form" id="${id}">`,
    `<label>Base URL <input name="baseUrl" type="url" value="${defaultBaseUrl}" required spellcheck="false"></label>`,
    `<label>Token <input name="token" type="text" value="${escapeHtml(String(token ?? ""))}" autocomplete="off" spellcheck="false"></label>`,
    `<label>Parameters (JSON object, without the token) <textarea name="params" rows="8" spellcheck="false">${escapeHtml(JSON.stringify(params, null, 2))}</textarea></label>`,
    `<fieldset><legend>HTTP method</legend><label><input type="radio" name="httpMethod" value="POST" checked> POST</label> <label><input type="radio" name="httpMethod" value="GET"> GET</label></fieldset>`,
    `<button type="submit">Send ${escapeHtml(method)}</button>`,
    "</form>",
    `<div class="try-it-result" aria-live="polite" hidden>`,
    `<dl class="try-it-headers"><dt>HTTP status</dt><dd data-field="status"></dd><dt>${headerNames().requestId}</dt><dd data-field="requestId"></dd><dt>${headerNames().responseTime}</dt><dd data-field="responseTime"></dd><dt>Sent with</dt><dd data-field="sentWith"></dd></dl>`,
    `<pre class="try-it-body"><code data-field="body"></code></pre>`,
    "</div>",
    "</div>",
  ].join("\n");
}
