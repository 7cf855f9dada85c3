let stderrGuarded = false;

/**
 * Writes a line for the person running `wsafe serve` (where the certificate is, the demo
 * tokens, `listening on URL`) on stderr. stdout carries the JSON log alone, so a log
 * shipper reads one format there; stderr is what a terminal or a service manager shows.
 *
 * A stderr whose reader is gone (`EPIPE`) loses the line and nothing else: unheard, the
 * failed write would end the process with exit code 1 in the middle of serving or of a
 * clean stop.
 *
 * @param line - the text, without its newline
 * @example
 * say(`listening on ${server.url}`);
 */
export function say(line: string): void {
  if (!stderrGuarded) {
    stderrGuarded = true;
    process.stderr.on("error", () => {});
  }
  process.stderr.write(`${line}\n`);
}
