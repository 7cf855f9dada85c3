/**
 * The samples of a Prometheus text exposition, keyed the way a query names them:
 * `name{label="value",...}` with the labels in alphabetical order (no braces without
 * labels). Comments (`# HELP`, `# TYPE`) are left out; `promtool check metrics` is the
 * judge of the format, this only reads the numbers.
 *
 * @param text - what `/metrics` answered
 * @example
 * parseExposition('a_total{b="x"} 2\n').get('a_total{b="x"}'); // 2
 */
export function parseExposition(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    const match = /^([A-Za-z_:][\w:]*)(?:\{(.*)\})? (\S+)(?: \d+)?$/.exec(line);
    if (!match) throw new Error(`not an exposition line: ${line}`);
    const [, name, labelText, value] = match;
    const labels = [...(labelText ?? "").matchAll(/([A-Za-z_]\w*)="((?:[^"\\]|\\.)*)"/g)]
      .map(([, label, labelValue]) => `${label}="${labelValue}"`)
      .sort();
    samples.set(labels.length ? `${name}{${labels.join(",")}}` : name!, Number(value));
  }
  return samples;
}

/**
 * The samples of one metric (by exact name), keyed by their labels alone.
 *
 * @param samples - from {@link parseExposition}
 * @param name - e.g. `wsafe_requests_total`
 * @example
 * samplesOf(samples, "wsafe_requests_total"); // { '{method="users.info",outcome="ok"}': 2 }
 */
export function samplesOf(samples: Map<string, number>, name: string): Record<string, number> {
  const found: Record<string, number> = {};
  for (const [key, value] of samples) {
    if (key === name) found[""] = value;
    else if (key.startsWith(`${name}{`)) found[key.slice(name.length)] = value;
  }
  return found;
}

/**
 * Reads a server's `/metrics` page and answers its samples (see {@link parseExposition});
 * a page that does not answer 200 throws, saying what it answered.
 *
 * @param metricsUrl - the server's metrics address on 127.0.0.1
 * @example
 * samplesOf(await scrapeExposition(server.metricsUrl), "wsafe_requests_total");
 */
export async function scrapeExposition(metricsUrl: string): Promise<Map<string, number>> {
  const response = await fetch(metricsUrl);
  const text = await response.text();
  if (response.status !== 200)
    throw new Error(`${metricsUrl} answered ${response.status}: ${text.slice(0, 200)}`);
  return parseExposition(text);
}
