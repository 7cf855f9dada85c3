/** What a worker sends its primary once its server has wholly started (`process.send`). */
export const workerStartedMessage = { wsafe: "worker started" } as const;
