/**
 * Writes a line for the person running `wsafe serve` (where the certificate is, the demo
 * tokens, `listening on URL`) on stderr. stdout carries the JSON log alone, so a log
 * shipper reads one format there; stderr is what a terminal or a service manager shows.
 *
 * @param line - the text, without its newline
 * @example
 * say(`listening on ${server.url}`);
 */
export function say(line: string): void {
  process.stderr.write(`${line}\n`);
}
