// A tiny static file server for the built site, standing in for the static hosting
// (or `wsafe serve`) that serves dist/ in production: `/x/` answers `/x/index.html`,
// unknown paths answer dist/404.html with status 404.
import { createReadStream, existsSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize, sep } from "node:path";

const contentTypes: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".xml": "application/xml",
  ".wasm": "application/wasm",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".txt": "text/plain; charset=utf-8",
};

/** A running static server. */
export interface StaticServer {
  url: string;
  close(): Promise<void>;
}

function fileFor(root: string, pathname: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  const file = normalize(join(root, decoded));
  if (file !== root && !file.startsWith(root + sep)) return undefined;
  if (decoded.endsWith("/"))
    return existsSync(join(file, "index.html")) ? join(file, "index.html") : undefined;
  return existsSync(file) && statSync(file).isFile() ? file : undefined;
}

/** Serves `root` on 127.0.0.1 at a free port. */
export async function startStaticServer(root: string): Promise<StaticServer> {
  const normalizedRoot = normalize(root);
  const server: Server = createServer((request, response) => {
    const { pathname } = new URL(request.url ?? "/", "http://127.0.0.1");
    const file = fileFor(normalizedRoot, pathname);
    const status = file ? 200 : 404;
    const body = file ?? join(normalizedRoot, "404.html");
    response.writeHead(status, { "content-type": contentTypes[extname(body)] ?? "application/octet-stream" });
    if (request.method === "HEAD") response.end();
    else createReadStream(body).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
