import { describe, expect, it } from "vitest";
import { paramsAsSettings } from "./paramsAsSettings.js";

describe(paramsAsSettings, () => {
  it("reads each typed parameter from a setting that holds its text", () => {
    expect(
      paramsAsSettings("SELECT $1::text, $2::bigint, $3::boolean, $4::int[], $1::text", [
        "a'b",
        12,
        true,
        [0, 2],
      ]),
    ).toEqual({
      text: "SELECT current_setting('wsafe.param_1')::text, current_setting('wsafe.param_2')::bigint, current_setting('wsafe.param_3')::boolean, current_setting('wsafe.param_4')::int[], current_setting('wsafe.param_1')::text",
      settings: {
        "wsafe.param_1": "a'b",
        "wsafe.param_2": "12",
        "wsafe.param_3": "true",
        "wsafe.param_4": "{0,2}",
      },
    });
  });

  it("refuses an untyped parameter, one without a value, and values it cannot write", () => {
    expect(() => paramsAsSettings("SELECT $1", ["a"])).toThrow("every parameter must be written $n::type");
    expect(() => paramsAsSettings("SELECT $2::text", ["a"])).toThrow("no value for $2");
    expect(() => paramsAsSettings("SELECT $1::text", [null])).toThrow("cannot travel as a setting");
  });
});
