-- upgrade: rolling - it adds triggers that notify; servers before it never listen
-- Servers keep token records and resources.list bodies in memory (src/store/ReadCache.ts).
-- Whatever changes the tables they come from - a server, `wsafe import`, `wsafe tokens
-- revoke`, an operator in psql - announces it on the channel `wsafe_changes` when its
-- transaction commits, and every server listening drops what it holds. One
-- notification per statement, not per row: an import of 100 000 rows sends a handful,
-- and PostgreSQL folds identical ones of a transaction into one.

CREATE FUNCTION wsafe_announce_change() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('wsafe_changes', TG_TABLE_NAME);
  RETURN NULL;
END
$$;

CREATE TRIGGER accounts_announce_change
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON accounts
  FOR EACH STATEMENT EXECUTE FUNCTION wsafe_announce_change();

CREATE TRIGGER tokens_announce_change
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON tokens
  FOR EACH STATEMENT EXECUTE FUNCTION wsafe_announce_change();

CREATE TRIGGER resources_announce_change
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON resources
  FOR EACH STATEMENT EXECUTE FUNCTION wsafe_announce_change();

CREATE TRIGGER resource_versions_announce_change
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON resource_versions
  FOR EACH STATEMENT EXECUTE FUNCTION wsafe_announce_change();
