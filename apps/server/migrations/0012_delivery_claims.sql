-- upgrade: rolling - it only adds a function servers of 1.2.0 never call; the servers that call it lock an endpoint's row before counting, as 1.2.0 does, so the per-endpoint cap holds across both
--
-- Webhook deliveries claimed in one statement (issue 47): a claim locks each endpoint it
-- takes from (`FOR NO KEY UPDATE ... SKIP LOCKED`), then counts the endpoint's attempts
-- under way against its cap. That count must see every claim committed before the lock
-- was granted, which a statement's own snapshot (taken when it began, before the lock)
-- does not: two servers could then both fill the cap. A VOLATILE function takes a fresh
-- snapshot for each query it runs, so called once the endpoint is locked, it counts what
-- the claimer before it committed. `recorded` leaves out the deliveries the calling
-- statement itself records as done, whose slots it hands to the endpoint's next
-- deliveries: whether their new state is visible to the function depends on the order in
-- which the statement runs its parts.
CREATE FUNCTION wsafe_deliveries_under_way(endpoint text, at bigint, recorded text[] DEFAULT '{}')
  RETURNS integer LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  RETURN (SELECT count(*) FROM webhook_deliveries
           WHERE webhook_id = endpoint AND leased_until > at AND event_id <> ALL (recorded));
END
$$;
