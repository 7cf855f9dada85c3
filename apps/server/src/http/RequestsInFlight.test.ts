import { once } from "node:events";
import http, { type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { RequestsInFlight } from "./RequestsInFlight.js";

let server: http.Server | undefined;
const agent = new http.Agent({ keepAlive: true });

afterEach(async () => {
  agent.destroy();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

/** A real Node server whose requests are counted and held until the test answers them. */
async function holdingServer(inFlight: RequestsInFlight) {
  const held: ServerResponse[] = [];
  const arrived: Array<() => void> = [];
  server = http.createServer((request, response) => {
    inFlight.add(request, response);
    held.push(response);
    arrived.shift()?.();
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  const send = (path: string) =>
    new Promise<string>((resolve, reject) => {
      const request = http.request({ port, host: "127.0.0.1", path, method: "POST", agent }, (answer) => {
        let text = "";
        answer.on("data", (chunk) => {
          text += chunk;
        });
        answer.on("end", () => resolve(text));
      });
      request.on("error", reject);
      request.end("{}");
    });
  const nextArrival = () => new Promise<void>((resolve) => arrived.push(resolve));
  return { held, send, nextArrival };
}

/** Waits until the close listeners of finished responses ran (they run on a later tick). */
async function settled(inFlight: RequestsInFlight, size: number) {
  while (inFlight.size !== size) await new Promise((resolve) => setImmediate(resolve));
}

describe("RequestsInFlight", () => {
  it("counts requests from their headers until their responses close, in whatever order they finish", async () => {
    const inFlight = new RequestsInFlight();
    const { held, send, nextArrival } = await holdingServer(inFlight);
    const answers: Promise<string>[] = [];
    for (const path of ["/v1/resources.list", "/v1/users.info?token=secret", "/v1/resources.list"]) {
      const arrival = nextArrival();
      answers.push(send(path));
      await arrival;
    }
    expect(inFlight.size).toBe(3);
    // Never the query string: it may carry a token.
    expect(inFlight.byRoute()).toEqual({ "POST /v1/resources.list": 2, "POST /v1/users.info": 1 });

    // The middle one first, then the last, then the first: the list stays whole.
    held[1]!.end("b");
    await settled(inFlight, 2);
    expect(inFlight.byRoute()).toEqual({ "POST /v1/resources.list": 2 });
    held[2]!.end("c");
    await settled(inFlight, 1);
    held[0]!.end("a");
    await settled(inFlight, 0);
    expect(inFlight.byRoute()).toEqual({});
    expect(await Promise.all(answers)).toEqual(["a", "b", "c"]);

    // Counting goes on as before once the list was empty.
    const arrival = nextArrival();
    const last = send("/v1/equipments.list");
    await arrival;
    expect(inFlight.byRoute()).toEqual({ "POST /v1/equipments.list": 1 });
    held[3]!.end("d");
    expect(await last).toBe("d");
    await settled(inFlight, 0);
  });

  it("makes a connection whose answer is still to come close once answered when the server stops", async () => {
    const inFlight = new RequestsInFlight();
    const { held, send, nextArrival } = await holdingServer(inFlight);
    const arrival = nextArrival();
    const answer = send("/v1/resources.list");
    await arrival;
    inFlight.endConnectionsAsAnswered();
    expect(held[0]!.shouldKeepAlive).toBe(false);
    held[0]!.end("done");
    expect(await answer).toBe("done");
    await settled(inFlight, 0);
  });
});
