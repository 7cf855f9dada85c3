import { describe, expect, it } from "vitest";
import { parsePerfScript, perRequest } from "./perfAttribution.mjs";

// Three samples as `perf script` prints them (addresses shortened): a write system call
// under JavaScript, a JavaScript function calling a V8 builtin, and a native TLS read.
const text = `node 1 10.000001:     500000 cpu-clock:ppp: 
	ffffffff81000000 tcp_sendmsg+0x10 ([kernel.kallsyms])
	    7f0000000000 __GI___libc_write+0x17 (/usr/lib/x86_64-linux-gnu/libc.so.6)
	    7f0000000100 JS:*end node:_http_outgoing:1034:45+0x20 (/tmp/perf-1.map)
	          400000 uv_run+0x187 (/usr/bin/node)

node 1 10.000501:     500000 cpu-clock:ppp: 
	         1500000 Builtins_KeyedLoadIC_Megamorphic+0x4c (/usr/bin/node)
	    7f0000000200 JS:*answer file:///w/apps/server/dist/http/createApiLane.js:33:26+0x5 (/tmp/perf-1.map)
	    7f0000000300 JS:*processTicksAndRejections node:internal/process/task_queues:67:35+0x9 (/tmp/perf-1.map)

node 1 10.001001:     1000000 cpu-clock:ppp: 
	          900000 ssl3_get_record+0x2 (/usr/bin/node)
	          800000 SSL_read+0x2 (/usr/bin/node)
	          700000 node::crypto::TLSWrap::ClearOut+0x3 (/usr/bin/node)
`;

describe("perfAttribution", () => {
  it("reads each sample's period and frames, innermost first", () => {
    const samples = parsePerfScript(text);
    expect(samples.map((sample) => sample.periodNs)).toEqual([500_000, 500_000, 1_000_000]);
    expect(samples[1]?.frames).toEqual([
      "Builtins_KeyedLoadIC_Megamorphic",
      "JS:*answer file:///w/apps/server/dist/http/createApiLane.js:33:26",
      "JS:*processTicksAndRejections node:internal/process/task_queues:67:35",
    ]);
  });

  it("charges native work to the innermost JavaScript frame, apart from writes and the native read path", () => {
    const samples = parsePerfScript(text);
    expect(perRequest(samples, 10, "place")).toEqual([
      { part: "[native read path]", micros: 100 },
      { part: "[write system call]", micros: 50 },
      { part: "apps/server/dist/http/createApiLane.js", micros: 50 },
    ]);
    expect(perRequest(samples, 1, "function").map((row) => row.part)).toContain(
      "answer  apps/server/dist/http/createApiLane.js",
    );
  });
});
