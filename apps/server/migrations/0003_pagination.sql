-- Pagination (resources.list, equipments.list, equipmentTypes.list with limit/cursor).
--
-- Cursors are signed with a secret of the store, so that every server of a deployment
-- accepts the cursors of every other and nobody can forge one. The first server that
-- needs it writes a random value (src/store/Store.ts); it never changes afterwards.
CREATE TABLE settings (
  name text COLLATE "C" PRIMARY KEY,
  value text NOT NULL
);

-- equipmentTypes.list reads one account's types in (name, id) order, by the byte order
-- of their UTF-8 ("C"), so that PGlite and every PostgreSQL install agree; the keyset
-- of a page is a row comparison on the same pair.
CREATE INDEX equipment_types_account_name_idx ON equipment_types (account_id, (name COLLATE "C"), id);
