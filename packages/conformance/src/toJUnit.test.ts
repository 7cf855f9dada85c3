import { describe, expect, it } from "vitest";
import { toJUnit } from "./toJUnit.js";

describe(toJUnit, () => {
  it("writes one testsuite per suite and escapes what XML cannot hold", () => {
    const xml = toJUnit({
      baseUrl: "http://x",
      passed: 1,
      failed: 1,
      skipped: 1,
      durationMs: 1500,
      results: [
        { suite: "(service)", name: "a <b> & 'c'", status: "passed", durationMs: 5 },
        {
          suite: "users.info",
          name: "fails",
          status: "failed",
          message: 'got "x"\u0001 < y',
          durationMs: 12,
        },
        { suite: "users.info", name: "skips", status: "skipped", message: "why", durationMs: 0 },
      ],
    });
    expect(xml).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<testsuites name="wsafe-conformance" tests="3" failures="1" skipped="1" time="1.500">',
        '  <testsuite name="(service)" tests="1" failures="0" errors="0" skipped="0" time="0.005">',
        '    <testcase classname="(service)" name="a &lt;b&gt; &amp; &apos;c&apos;" time="0.005"/>',
        "  </testsuite>",
        '  <testsuite name="users.info" tests="2" failures="1" errors="0" skipped="1" time="0.012">',
        '    <testcase classname="users.info" name="fails" time="0.012">',
        '      <failure message="got &quot;x&quot; &lt; y">got &quot;x&quot; &lt; y</failure>',
        "    </testcase>",
        '    <testcase classname="users.info" name="skips" time="0.000">',
        '      <skipped message="why"/>',
        "    </testcase>",
        "  </testsuite>",
        "</testsuites>",
        "",
      ].join("\n"),
    );
  });
});
