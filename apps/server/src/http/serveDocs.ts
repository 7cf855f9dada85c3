import { createReadStream } from "node:fs";
import type { FastifyReply, FastifyRequest } from "fastify";
import { findDocsFile } from "../docs/findDocsFile.js";
import type { Responder } from "./createResponder.js";

/**
 * Serves a page or asset of the built docs site for a GET or HEAD whose path names no
 * method; answers whether it did.
 *
 * @param docsDir - the built site, or undefined when the server serves none
 * @param responder - for the request-id and response-time headers
 */
export async function serveDocs(
  request: FastifyRequest,
  reply: FastifyReply,
  path: string,
  docsDir: string | undefined,
  responder: Responder,
): Promise<boolean> {
  if (!docsDir || (request.method !== "GET" && request.method !== "HEAD")) return false;
  const file = await findDocsFile(docsDir, path);
  if (!file) return false;
  request.wsafe.outcome = "docs";
  responder.timingHeaders(request, reply);
  reply.code(200).header("Content-Type", file.contentType).header("Content-Length", String(file.size));
  // Each file is sent with the type its name gives; a browser must not guess another
  // (a text file read as HTML). TLS scanners rate a page without any security header.
  reply.header("X-Content-Type-Options", "nosniff");
  await reply.send(request.method === "HEAD" ? undefined : createReadStream(file.path));
  return true;
}
