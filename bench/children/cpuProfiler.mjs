// CPU profiling of a child server on request, through the inspector: the bench
// profiles exactly the window it measures, not the start-up before it.
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";

let session;

/** Answers `{ type: "profile-start" }` and `{ type: "profile-stop", file }` from the bench. */
export function acceptProfilingRequests() {
  process.on("message", async (/** @type {any} */ message) => {
    if (message?.type === "profile-start") {
      session = new Session();
      session.connect();
      await session.post("Profiler.enable");
      await session.post("Profiler.setSamplingInterval", { interval: 200 });
      await session.post("Profiler.start");
      process.send?.({ type: "profile-started" });
    } else if (message?.type === "profile-stop" && session) {
      const { profile } = await session.post("Profiler.stop");
      writeFileSync(message.file, JSON.stringify(profile));
      session.disconnect();
      session = undefined;
      process.send?.({ type: "profile-stopped", file: message.file });
    }
  });
}
