// A webhook receiver in a process of its own, for the deployment's busy-receiver test: it
// answers every request 204 after 2 ms (the receiver) and notes, for each, when it
// arrived, its Standard Webhooks headers and body, and how many requests were open at
// once. In its own process so that the test's load (inspections over TLS) never delays an
// answer. Listens on 127.0.0.1 only; `{ type: "report" }` over IPC answers what it noted.
import { createServer } from "node:http";

/** @type {{ at: number, headers: Record<string, string>, body: string }[]} */
const requests = [];
let open = 0;
let mostOpen = 0;
const server = createServer((req, res) => {
  open++;
  mostOpen = Math.max(mostOpen, open);
  let body = "";
  req.setEncoding("utf8");
  req.on("data", (chunk) => {
    body += chunk;
  });
  req.on("end", () => {
    const headers = Object.fromEntries(
      ["webhook-id", "webhook-timestamp", "webhook-signature"].map((name) => [
        name,
        String(req.headers[name]),
      ]),
    );
    requests.push({ at: Date.now(), headers, body });
    setTimeout(() => {
      open--;
      res.writeHead(204).end();
    }, 2);
  });
});
process.on("message", (/** @type {any} */ message) => {
  if (message?.type === "report") process.send?.({ type: "report", requests, mostOpen });
});
process.on("disconnect", () => server.close());
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  console.log(`listening on http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`);
});
