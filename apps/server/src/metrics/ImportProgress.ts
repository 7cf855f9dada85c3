/**
 * The dataset imports a process runs, for `/metrics`: the records of the one under way
 * (or the last one) and how many ended each way. Plain numbers, read at scrape time.
 */
export class ImportProgress {
  /** Records written so far by the import under way, or by the last one. */
  done = 0;
  /** Records in that import's dataset. */
  planned = 0;
  ok = 0;
  failed = 0;

  /** The `onProgress` option of `importDataset`. */
  readonly onProgress = (done: number, planned: number): void => {
    this.done = done;
    this.planned = planned;
  };

  /**
   * Runs an import and counts how it ended.
   *
   * @param run - the import, given {@link onProgress} to report through
   * @example
   * await progress.track((onProgress) => importDataset(store, dataset, { onProgress }));
   */
  async track<T>(run: (onProgress: (done: number, planned: number) => void) => Promise<T>): Promise<T> {
    this.done = 0;
    this.planned = 0;
    try {
      const result = await run(this.onProgress);
      this.ok++;
      return result;
    } catch (error) {
      this.failed++;
      throw error;
    }
  }
}
