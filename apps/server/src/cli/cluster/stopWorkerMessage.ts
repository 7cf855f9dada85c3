/**
 * What the primary sends each worker to stop it (`worker.send`). Not a signal: a SIGTERM
 * to the whole process group reaches every worker already, and a second one would count
 * as a second signal, which ends a worker at once instead of gracefully.
 */
export const stopWorkerMessage = { wsafe: "stop" } as const;

/**
 * Whether an IPC message is {@link stopWorkerMessage}.
 *
 * @param message - what arrived on the channel
 */
export const isStopWorkerMessage = (message: unknown): boolean =>
  (message as { wsafe?: unknown } | null)?.wsafe === stopWorkerMessage.wsafe;
