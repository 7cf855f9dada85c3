// The one install line for calling wsafe through @trpc/client, on every page that shows
// tRPC (the client page, the Events page's stream): the pages gave two different lines.
// The majors come from what the packages themselves declare: the tRPC that
// `@wsafe/client/trpc`'s types are built for (its peer dependency), and the `eventsource`
// this site's tests run the snippets with.
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

interface Manifest {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

/** The major version of a range such as `^11.25.2` or `~4.1.1`. */
function major(range: string | undefined, what: string): string {
  const found = /(\d+)\./.exec(range ?? "")?.[1];
  if (!found) throw new Error(`no version range for ${what}`);
  return found;
}

const client = require("@wsafe/client/package.json") as Manifest;
const docs = require("../../../package.json") as Manifest;

const trpcMajor = major(client.peerDependencies?.["@trpc/server"], "@wsafe/client's peer @trpc/server");
const eventSourceMajor = major(docs.devDependencies?.eventsource, "the docs' eventsource");

/**
 * `npm install @trpc/client@11 @trpc/server@11 eventsource@4`: the tRPC client, the
 * server package its types need (no server runs), and an `EventSource` for Node, which has
 * none of its own (a browser does not need it). `@wsafe/client` is installed as the client
 * page says.
 */
export const trpcInstallLine = `npm install @trpc/client@${trpcMajor} @trpc/server@${trpcMajor} eventsource@${eventSourceMajor}`;
