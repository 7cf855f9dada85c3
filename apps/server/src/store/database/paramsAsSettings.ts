/**
 * A statement whose `$n::type` parameters are read from transaction settings instead:
 * `current_setting('wsafe.param_n')::type`. COPY takes no bind parameters, and this
 * keeps values out of the statement's text (no quoting, no injection): they travel
 * through `set_config($1, $2, true)`, itself bound. The settings end with the transaction.
 *
 * @param text - a statement whose parameters are all written `$n::type`
 * @param params - their values: strings, numbers, booleans or arrays of numbers
 * @returns the statement and the settings to make first (name → text value)
 * @example
 * paramsAsSettings("SELECT 1 WHERE id = $1::text", ["a"]);
 * // { text: "SELECT 1 WHERE id = current_setting('wsafe.param_1')::text", settings: { "wsafe.param_1": "a" } }
 */
export function paramsAsSettings(
  text: string,
  params: readonly unknown[],
): { text: string; settings: Record<string, string> } {
  const settings: Record<string, string> = {};
  params.forEach((value, index) => {
    settings[`wsafe.param_${index + 1}`] = settingText(value);
  });
  const rewritten = text.replace(/\$(\d+)(?=::)/g, (_match, n: string) => {
    if (!Object.hasOwn(settings, `wsafe.param_${n}`)) throw new Error(`no value for $${n}`);
    return `current_setting('wsafe.param_${n}')`;
  });
  if (/\$\d/.test(rewritten)) throw new Error("every parameter must be written $n::type");
  return { text: rewritten, settings };
}

function settingText(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint")
    return String(value);
  if (Array.isArray(value) && value.every((item) => typeof item === "number")) return `{${value.join(",")}}`;
  throw new Error(`a parameter of this kind cannot travel as a setting: ${typeof value}`);
}
