-- upgrade: rolling - the first schema: no server of an earlier release exists
-- The first schema of the /v1 store. Identifiers use the "C" collation so that
-- ordering by id is byte order, the same on PGlite and on every PostgreSQL
-- install whatever its locale.

CREATE TABLE accounts (
  id text COLLATE "C" PRIMARY KEY,
  name text NOT NULL,
  active boolean NOT NULL DEFAULT true
);

-- Tokens are kept as SHA-256 hashes of the secret, never the secret itself.
CREATE TABLE tokens (
  token_hash bytea PRIMARY KEY,
  account_id text COLLATE "C" NOT NULL REFERENCES accounts (id),
  active boolean NOT NULL DEFAULT true,
  permissions text[] NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tokens_account_idx ON tokens (account_id);

CREATE TABLE users (
  id text COLLATE "C" PRIMARY KEY,
  account_id text COLLATE "C" NOT NULL REFERENCES accounts (id),
  name text NOT NULL
);
CREATE INDEX users_account_idx ON users (account_id, id);

CREATE TABLE resources (
  id text COLLATE "C" PRIMARY KEY,
  account_id text COLLATE "C" NOT NULL REFERENCES accounts (id),
  title text NOT NULL,
  created bigint NOT NULL,
  sequence bigint NOT NULL,
  category_id text NOT NULL,
  tags jsonb NOT NULL,
  should_be_available_offline boolean NOT NULL
);
CREATE INDEX resources_account_order_idx ON resources (account_id, sequence, id);

-- A resource's versions are replaced as a whole when the resource is imported again;
-- position keeps the document's order among versions created at the same instant.
CREATE TABLE resource_versions (
  resource_id text COLLATE "C" NOT NULL REFERENCES resources (id) ON DELETE CASCADE,
  position integer NOT NULL,
  creator_id text COLLATE "C" NOT NULL,
  created bigint NOT NULL,
  approved_on bigint NOT NULL,
  version text NOT NULL,
  description text NOT NULL,
  type text NOT NULL,
  PRIMARY KEY (resource_id, position)
);

CREATE TABLE equipment_types (
  id text COLLATE "C" PRIMARY KEY,
  account_id text COLLATE "C" NOT NULL REFERENCES accounts (id),
  name text NOT NULL,
  -- [{ "id": "mf_1", "name": "Length (m)" }, ...] in the document's order
  metafields jsonb NOT NULL
);

CREATE TABLE equipments (
  id text COLLATE "C" PRIMARY KEY,
  account_id text COLLATE "C" NOT NULL REFERENCES accounts (id),
  equipment_type_id text COLLATE "C" NOT NULL REFERENCES equipment_types (id),
  serial_number text NOT NULL,
  created bigint NOT NULL,
  parent_id text NOT NULL,
  field_office_ids jsonb NOT NULL,
  line_of_business_id text NOT NULL,
  client_ids jsonb,
  assigned_user_ids jsonb NOT NULL,
  title text,
  notes text NOT NULL,
  is_in_service boolean NOT NULL,
  metavalues jsonb NOT NULL
);
-- equipments.list reads one type, filtered on service state, in (created, id) order.
CREATE INDEX equipments_type_order_idx ON equipments (equipment_type_id, created, id);
CREATE INDEX equipments_type_service_order_idx ON equipments (equipment_type_id, is_in_service, created, id);

CREATE TABLE schedules (
  equipment_id text COLLATE "C" NOT NULL REFERENCES equipments (id) ON DELETE CASCADE,
  schedule_id text COLLATE "C" NOT NULL,
  expires_on bigint,
  expiring_on bigint,
  last_completed_on bigint,
  PRIMARY KEY (equipment_id, schedule_id)
);
