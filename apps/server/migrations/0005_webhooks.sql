-- upgrade: rolling - it adds tables and a trigger that also queues the deliveries of events recorded by servers before it
-- Webhooks (issue 30): the endpoints of each account, and what is to be delivered to them.
--
-- The signing secrets are kept as they are shown (`whsec_...`): signing needs the key
-- itself, unlike a token, which is checked against its hash.
CREATE TABLE webhooks (
  id text COLLATE "C" PRIMARY KEY,
  account_id text COLLATE "C" NOT NULL REFERENCES accounts (id),
  url text NOT NULL,
  types text[] NOT NULL,
  equipment_type_id text COLLATE "C",
  secret text NOT NULL,
  previous_secret text,
  previous_secret_expires_at bigint,
  state text NOT NULL DEFAULT 'active',
  state_reason text,
  created bigint NOT NULL
);
CREATE INDEX webhooks_account_idx ON webhooks (account_id, created, id);

-- One delivery per endpoint and event, written by the statement that records the event
-- (the trigger below), so an event is never recorded without its deliveries and a rolled
-- back import leaves neither. `next_attempt_at` is when the next attempt is due; a server
-- that claims one moves it ahead by a lease (longer than any attempt), so a server that
-- dies mid-attempt leaves it due again; NULL once delivered, given up or dropped.
CREATE TABLE webhook_deliveries (
  webhook_id text COLLATE "C" NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
  event_id text COLLATE "C" NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at bigint,
  created bigint NOT NULL,
  PRIMARY KEY (webhook_id, event_id)
);
-- What is due, oldest first: the only read of the delivery loop. Partial, so finished
-- deliveries cost it nothing.
CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at)
  WHERE next_attempt_at IS NOT NULL;
-- Retention deletes events, and with them their deliveries.
CREATE INDEX webhook_deliveries_event_idx ON webhook_deliveries (event_id);

-- Every attempt made, for webhooks.deliveries.
CREATE TABLE webhook_attempts (
  id text COLLATE "C" PRIMARY KEY,
  webhook_id text COLLATE "C" NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
  event_id text COLLATE "C" NOT NULL,
  attempt integer NOT NULL,
  attempted_at bigint NOT NULL,
  status integer,
  error text,
  duration_ms integer NOT NULL,
  succeeded boolean NOT NULL,
  next_attempt_at bigint
);
CREATE INDEX webhook_attempts_listing_idx ON webhook_attempts (webhook_id, attempted_at, id);

-- The events a statement recorded, matched with the endpoints that want them, in the
-- same transaction: one set-based insert per statement, however many events.
CREATE FUNCTION wsafe_enqueue_deliveries() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO webhook_deliveries (webhook_id, event_id, next_attempt_at, created)
  SELECT w.id, e.id, now_ms.at, now_ms.at
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

CREATE TRIGGER events_enqueue_deliveries
  AFTER INSERT ON events
  REFERENCING NEW TABLE AS recorded
  FOR EACH STATEMENT EXECUTE FUNCTION wsafe_enqueue_deliveries();
