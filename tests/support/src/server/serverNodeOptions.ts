/**
 * The Node options every `wsafe` process a test starts runs with (`runWsafe`, `serveCli`,
 * `launchServer`): V8's baseline WebAssembly compiler only (`--liftoff-only`).
 *
 * By default V8 also optimises the embedded store's hot WebAssembly (PGlite's 9 MB of
 * PostgreSQL) on background threads: worth it for a server that runs for days, but about
 * 0.8 s of CPU in a process that lives for seconds, which is what a test's server or
 * command is (`wsafe tokens create` on a copied store: 1.9 s of CPU with it, 1.2 s
 * without; six of the server's process-starting files: 118 s of CPU against 90). The
 * WebAssembly runs the same either way: only how fast it runs differs. The benchmarks
 * start the server as operators do, without it.
 */
export const serverNodeOptions: readonly string[] = ["--liftoff-only"];
