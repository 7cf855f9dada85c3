-- upgrade: rolling - it adds a table and an index that servers before it never read
-- Pagination (resources.list, equipments.list, equipmentTypes.list with limit/cursor).
--
-- Cursors are signed with a secret of the store, so that every server of a deployment
-- accepts the cursors of every other and nobody can forge one. It is made here, once,
-- from two version-4 UUIDs (gen_random_uuid draws from the server's strong random
-- source: 244 random bits), so that serving a read never writes.
CREATE TABLE settings (
  name text COLLATE "C" PRIMARY KEY,
  value text NOT NULL
);
INSERT INTO settings (name, value)
  VALUES ('cursor_secret', replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''));

-- equipmentTypes.list reads one account's types in (name, id) order, by the byte order
-- of their UTF-8 ("C"), so that PGlite and every PostgreSQL install agree; the keyset
-- of a page is a row comparison on the same pair.
CREATE INDEX equipment_types_account_name_idx ON equipment_types (account_id, (name COLLATE "C"), id);
