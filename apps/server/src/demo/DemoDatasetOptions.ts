/**
 * Options of {@link createDemoDataset}.
 *
 * @example
 * const options: DemoDatasetOptions = { seed: 7, equipmentCount: 50_000, harnessShare: 1 };
 */
export interface DemoDatasetOptions {
  /** Seed of the generator: the same seed, count and `now` give the same dataset. Default 1. */
  seed?: number;
  /** Equipment of the demo account, spread over its four types. Default 3000. */
  equipmentCount?: number;
  /** Share of {@link DemoDatasetOptions.equipmentCount} that are harnesses (`et_harness`). Default 0.5. */
  harnessShare?: number;
  /** The instant the statuses are arranged around (ms). Default: now. */
  now?: number;
}
