import type { Store } from "../store/Store.js";
import type { RunningServer } from "./ServerOptions.js";

/**
 * The store of each server started in this process, for `@wsafe/server/testing`'s
 * `storeOf`: a test that must place data at instants relative to when the server is up
 * (statuses change with time) imports through the store the server itself holds - the
 * embedded one belongs to its process alone. Weak, so a closed server keeps nothing.
 */
export const storesOfServers = new WeakMap<RunningServer, Store>();
