/**
 * The sizes of a run: tiny with `--quick` (so that the bench never rots), else the sizes
 * the issues' goals are stated at.
 *
 * @param {{ quick: boolean, importSizes?: number[], fanoutEvents: number, changesEquipment?: number }} options -
 *   `importSizes`: `--import-sizes`; `fanoutEvents`: `--fanout-events`; `changesEquipment`:
 *   `--changes-equipment` (the feed's catch-up, 100 000 by default)
 */
export function benchSizes({ quick, importSizes, fanoutEvents, changesEquipment }) {
  return quick
    ? {
        pipeline: { connections: 4, seconds: 1, rounds: 1, warmupSeconds: 1 },
        bigList: { equipment: 300, runs: 2, freshServerPerVariant: false },
        typicalList: { equipment: 300, connections: 4, seconds: 1, rounds: 1, warmupSeconds: 1 },
        import: { equipment: 500 },
        importScaling: { postgresSizes: [200], pgliteSizes: [200], schedules: 4 },
        validation: { records: 1000, rounds: 2, roundMs: 150 },
        workers: { connections: 4, seconds: 1, rounds: 1, warmupSeconds: 1 },
        // Pages of 100 so that the quick walk still crosses pages.
        events: {
          equipment: 300,
          pageSize: 100,
          walks: 1,
          probes: 20,
          catchUps: 1,
          idle: { settleSeconds: 0, seconds: 0.5, sliceSeconds: 0.5, withoutRecorder: false },
        },
        streams: {
          idle: { settleSeconds: 0, seconds: 1, sliceSeconds: 0.5 },
          firstEvent: { accounts: 20, count: 2_000, runs: 2 },
          slowReader: { equipment: 300 },
        },
        retention: { pgliteCount: 20_000, postgresCount: 20_000 },
        fairness: { backlog: 200, samples: 2, baseline: false },
        deliveries: { deliveries: 400, rounds: 1 },
        inspections: { equipment: 4, clients: [1, 16], seconds: 1, rounds: 1, warmupSeconds: 0 },
        updates: { equipment: 4, clients: [1, 16], seconds: 1, rounds: 1, warmupSeconds: 0 },
        // Three pages of 1 000, the last one short: the walk still meets has_more both ways.
        changes: { equipment: changesEquipment ?? 2_500, pageSize: 1000, rounds: 1 },
        fanout: { streams: 20, events: 200, perToken: 5 },
      }
    : {
        // The steady method as issue 28 measured it: 3 pinned rounds of 6 s taking turns; then
        // 2 unpinned rounds for the secondary table.
        pipeline: { connections: 10, seconds: 6, rounds: 3, warmupSeconds: 2, unpinnedRounds: 2 },
        bigList: { equipment: 50_000, runs: 7, freshServerPerVariant: true },
        typicalList: { equipment: 300, connections: 4, seconds: 8, rounds: 3, warmupSeconds: 2 },
        import: { equipment: 100_000 },
        // Issue 38: 4 schedules each, as its goal; the million when asked (--import-sizes).
        importScaling: {
          postgresSizes: importSizes ?? [10_000, 100_000],
          pgliteSizes: (importSizes ?? [100_000]).filter((n) => n <= 100_000),
          schedules: 4,
        },
        validation: { records: 1000, rounds: 7, roundMs: 1000 },
        workers: { connections: 10, seconds: 10, rounds: 3, warmupSeconds: 3 },
        // Idle CPU after 20 s: a new process's compiler threads are still busy with what its
        // start ran for the first 20-30 s (2-25 ms/s, falling), which is not the recorder's.
        // 15 slices of 2 s: at load 7, one slice in four held a collection's 10-35 ms/s.
        events: {
          equipment: 100_000,
          pageSize: 1000,
          walks: 3,
          probes: 300,
          catchUps: 2,
          idle: { settleSeconds: 20, seconds: 30, sliceSeconds: 2, withoutRecorder: true },
        },
        // Issue 35's sizes: 1 000 accounts and 1 000 000 events; 100 000 events for a
        // reader that stopped (33 334 equipment); retention over 10 000 000 events.
        streams: {
          idle: { settleSeconds: 20, seconds: 30, sliceSeconds: 2 },
          firstEvent: { accounts: 1_000, count: 1_000_000, runs: 7 },
          slowReader: { equipment: 33_334 },
        },
        retention: { pgliteCount: 1_000_000, postgresCount: 10_000_000 },
        // The scene: 10 000 deliveries to an endpoint that never answers (15 s each).
        fairness: { backlog: 10_000, samples: 5, baseline: true },
        deliveries: { deliveries: 2000, rounds: 3 },
        // Issue 38, goal 2: 16 accounts of 50 equipment; 1 and 16 clients; 3 pinned rounds of 5 s.
        inspections: { equipment: 50, clients: [1, 16], seconds: 5, rounds: 3, warmupSeconds: 2 },
        // Issue 49: the same 16 accounts of 50 equipment and the same method as inspections.record's.
        updates: { equipment: 50, clients: [1, 16], seconds: 5, rounds: 3, warmupSeconds: 2 },
        // Issue 49: a mirror catching up 100 000 changes in pages of 1 000, twice, taking turns with COPY.
        changes: { equipment: changesEquipment ?? 100_000, pageSize: 1000, rounds: 2 },
        // Issue 38 goal 6: 1 000 streams on the bench account, 5 a token (--streams-per-token's
        // default, kept: 200 tokens), an import recording 10 000 events.
        fanout: { streams: 1_000, events: fanoutEvents, perToken: 5 },
      };
}
