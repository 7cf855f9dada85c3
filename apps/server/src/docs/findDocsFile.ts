import { stat } from "node:fs/promises";
import { extname, join, resolve, sep } from "node:path";

/** Content types of the files a built documentation site holds. */
export const docsContentTypes: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".wasm": "application/wasm",
  ".pf_meta": "application/octet-stream",
  ".pf_index": "application/octet-stream",
  ".pf_fragment": "application/octet-stream",
  ".map": "application/json; charset=utf-8",
  ".yaml": "application/yaml; charset=utf-8",
};

/** A file of the docs site that answers a request path. */
export interface DocsFile {
  path: string;
  size: number;
  contentType: string;
}

/**
 * The file of the documentation site that a URL path names, or `undefined`: `/` and
 * `/x/` mean their `index.html`. Paths that would leave the directory (`..`, encoded
 * or not) or name a directory never match, so the API pipeline answers them.
 *
 * @param root - the built site's directory
 * @param urlPath - the URL path, still percent-encoded, without the query string
 */
export async function findDocsFile(root: string, urlPath: string): Promise<DocsFile | undefined> {
  let path: string;
  try {
    path = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (!path.startsWith("/") || path.includes("\0") || path.includes("\\")) return undefined;
  if (path.endsWith("/")) path += "index.html";
  const base = resolve(root);
  const file = resolve(join(base, path));
  if (!file.startsWith(base + sep)) return undefined;
  try {
    const info = await stat(file);
    if (!info.isFile()) return undefined;
    return {
      path: file,
      size: info.size,
      contentType: docsContentTypes[extname(file).toLowerCase()] ?? "application/octet-stream",
    };
  } catch {
    return undefined;
  }
}
