-- upgrade: rolling - it only adds a column whose default fills it, and an index: servers of 1.2.0 name the columns they write and read tokens by their hash, as before
--
-- A public id for every token (`tok_` and 16 hex digits), so that `wsafe tokens list` can
-- show tokens and `wsafe tokens revoke` can name one without its secret. The id is not
-- derived from the secret or its hash: neither may be shown. Every row gets its own value
-- (a volatile default is computed per row, for the rows already there too), and every
-- later insert gets one from the default, whichever server or import writes it.
ALTER TABLE tokens
  ADD COLUMN id text COLLATE "C" NOT NULL DEFAULT ('tok_' || substr(md5(gen_random_uuid()::text), 1, 16));
CREATE UNIQUE INDEX tokens_id_idx ON tokens (id);
