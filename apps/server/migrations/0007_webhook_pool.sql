-- upgrade: rolling - servers of 1.0.0 keep claiming deliveries by their due time beside it (without the per-endpoint cap), and its trigger fills the column they do not
-- Webhook deliveries as a pool (issue 35): claimed when a slot frees, at most a few at
-- once per endpoint across every server, first attempts in the order events were
-- recorded, and endpoints disabled after failing without a success for days.

-- `sequence` is the event's, copied so an endpoint's due deliveries are read in recording
-- order through an index of their own; `leased_until` is set while an attempt is under
-- way (the claim's lease) and cleared when its outcome is recorded: the in-flight
-- deliveries of an endpoint are those whose lease has not run out.
ALTER TABLE webhook_deliveries ADD COLUMN sequence bigint;
UPDATE webhook_deliveries d SET sequence = e.sequence FROM events e WHERE e.id = d.event_id;
ALTER TABLE webhook_deliveries ALTER COLUMN sequence SET NOT NULL;
ALTER TABLE webhook_deliveries ADD COLUMN leased_until bigint;

-- Whether an endpoint has something due, and its oldest due (the claim's order of endpoints).
CREATE INDEX webhook_deliveries_endpoint_due_idx ON webhook_deliveries (webhook_id, next_attempt_at)
  WHERE next_attempt_at IS NOT NULL;
-- An endpoint's pending deliveries in recording order: what the claim takes from it.
CREATE INDEX webhook_deliveries_endpoint_order_idx ON webhook_deliveries (webhook_id, sequence)
  WHERE next_attempt_at IS NOT NULL;
-- An endpoint's attempts under way, counted against its cap at every claim.
CREATE INDEX webhook_deliveries_leased_idx ON webhook_deliveries (webhook_id, leased_until)
  WHERE leased_until IS NOT NULL;
-- webhooks.redeliver's `since`: an endpoint's deliveries by when their event was recorded.
CREATE INDEX webhook_deliveries_endpoint_created_idx ON webhook_deliveries (webhook_id, created);

-- When the endpoint's current run of failures began: NULL after a success (and when it
-- never failed). Past the server's --webhook-disable-after the endpoint is disabled.
ALTER TABLE webhooks ADD COLUMN failing_since bigint;

-- As 0005's, with the event's sequence.
CREATE OR REPLACE FUNCTION wsafe_enqueue_deliveries() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO webhook_deliveries (webhook_id, event_id, sequence, next_attempt_at, created)
  SELECT w.id, e.id, e.sequence, now_ms.at, now_ms.at
    FROM recorded e
    JOIN webhooks w ON w.account_id = e.account_id
    CROSS JOIN (SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint AS at) now_ms
   WHERE w.state <> 'disabled'
     AND (cardinality(w.types) = 0 OR e.type = ANY (w.types))
     AND (w.equipment_type_id IS NULL OR w.equipment_type_id = e.equipment_type_id);
  IF FOUND THEN
    PERFORM pg_notify('wsafe_deliveries', '');
  END IF;
  RETURN NULL;
END
$$;
