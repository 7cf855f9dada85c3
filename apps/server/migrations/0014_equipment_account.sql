-- upgrade: rolling - servers of 1.2.0 write an equipment's account as its type's, which the new key requires, and refuse to move a type or an equipment to another account
--
-- An equipment's account is its equipment type's (decisions.md, section 5). The store
-- holds both, `equipments.account_id` beside `equipment_type_id`, and nothing kept them
-- equal: readers took one or the other. Now the database does, by one foreign key on the
-- pair: an equipment whose account is not its type's is refused, however it is written,
-- and so is a type moved to another account while it has equipment. It also says what the
-- key on `equipment_type_id` alone said (the type exists), which it replaces: one check
-- per equipment written, as before.
--
-- No server wrote an equipment otherwise (an import takes its account from its type, and
-- refuses to move either), but the schema let it be: a row that breaks the rule first gets
-- its type's account, the one `equipments.list` and the inspections already saw it under.
UPDATE equipments e SET account_id = t.account_id
  FROM equipment_types t
 WHERE t.id = e.equipment_type_id AND e.account_id <> t.account_id;

ALTER TABLE equipment_types ADD CONSTRAINT equipment_types_account_id_id_key UNIQUE (account_id, id);
ALTER TABLE equipments
  ADD CONSTRAINT equipments_account_type_fkey
  FOREIGN KEY (account_id, equipment_type_id) REFERENCES equipment_types (account_id, id);
ALTER TABLE equipments DROP CONSTRAINT equipments_equipment_type_id_fkey;
