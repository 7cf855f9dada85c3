/**
 * The default `max-age` of `--hsts` (`--hsts-max-age`): one year, the least that browsers'
 * preload lists and TLS scanners accept (testssl.sh rates under 180 days as too short).
 */
export const defaultHstsMaxAge = 31_536_000;

/**
 * The `Strict-Transport-Security` value for a max-age in seconds. No
 * `includeSubDomains`: a service cannot know that every sibling host of its name speaks
 * HTTPS, and a browser would refuse plain HTTP to all of them for the whole max-age.
 *
 * @param maxAge - seconds a browser keeps to HTTPS only for this host
 * @example
 * strictTransportSecurity(31_536_000); // "max-age=31536000"
 */
export function strictTransportSecurity(maxAge: number): string {
  return `max-age=${maxAge}`;
}
