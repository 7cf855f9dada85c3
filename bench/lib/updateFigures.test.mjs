import { describe, expect, it } from "vitest";
import { updateFigureLines, updateFigures } from "./updateFigures.mjs";

const side = (/** @type {number} */ requestsPerSecond, /** @type {number} */ cpuMicrosPerRequest) => ({
  requestsPerSecond,
  cpuMicrosPerRequest,
});

describe("updateFigures", () => {
  const run = {
    accounts: 16,
    checked: { peerPglite: { kind: "checked" }, peerPostgres: { kind: "floor" } },
    byClients: {
      1: { wsafePglite: side(120, 4000), peerPglite: side(100, 5000) },
      16: {
        wsafePglite: side(300, 3000),
        peerPglite: side(200, 3600),
        wsafePostgres: side(500, 1500.4),
        peerPostgres: side(400, 1800.6),
      },
    },
  };

  it("sets wsafe's req/s and CPU a request beside the peer's, per clients and store", () => {
    const figures = updateFigures(run);
    expect(figures.map((f) => [f.unit, f.value, f.peerValue, f.ratio])).toEqual([
      ["req/s", 120, 100, 1.2],
      ["µs", 4000, 5000, 0.8],
      ["req/s", 300, 200, 1.5],
      ["µs", 3000, 3600, 3000 / 3600],
      ["req/s", 500, 400, 1.25],
      ["µs", 1500, 1801, 1500 / 1801],
    ]);
    expect(figures[0]?.name).toBe(
      "equipments.update on PGlite, 1 client(s) over 16 accounts (if_version, a change of fields and a move in turn, events and outbox): requests a second",
    );
  });

  it("names a peer that failed its checks a floor", () => {
    const figures = updateFigures(run);
    expect(figures.filter((f) => f.name.includes("PGlite")).map((f) => f.peer)).toEqual(
      Array(4).fill("raw-SQL peer"),
    );
    expect(figures.filter((f) => f.name.includes("PostgreSQL")).map((f) => f.peer)).toEqual(
      Array(2).fill("raw-SQL peer, a FLOOR (failed its checks)"),
    );
  });
});

describe("updateFigureLines", () => {
  it("prints each store's ratios, higher better for wsafe, and says when the peer is a floor", () => {
    expect(
      updateFigureLines({
        connections: 16,
        byStore: {
          wsafePglite: side(300, 3000),
          peerPglite: side(200, 3600),
          wsafePostgres: side(500, 1500),
        },
        checked: { peerPglite: { kind: "floor" } },
      }),
    ).toEqual([
      "updates, 16 client(s), PGlite: wsafe 300 req/s against the peer's 200: 1.50x; CPU 3000 µs/req against 3600: 1.20x (peer's / wsafe's) (the peer is a FLOOR: it failed its checks)",
    ]);
  });
});
