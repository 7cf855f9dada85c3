/**
 * What a server that makes no webhook deliveries (`--no-deliveries`, or
 * `startServer({ webhooks: { deliver: false } })`) says at start, in its log and to the
 * person who started it: a restored copy started so must not look like one that delivers,
 * and one that should deliver must not stay silent about it.
 */
export const deliveriesOffMessage =
  "webhook deliveries are off (--no-deliveries): events are recorded and their deliveries queued, and this server sends none; start it without --no-deliveries to send them";
