"""Validates payloads against the published JSON Schema files with Python's jsonschema.

Usage: validate_payloads.py SCHEMA_DIR PAYLOADS_JSON

PAYLOADS_JSON holds [{"name": ..., "schema": "<catalog name>", "payload": ...}]. Every
file of SCHEMA_DIR is first checked as a Draft 2020-12 schema, then each payload is
validated against the named file, with every file's $id resolvable. Prints one JSON
object: {"jsonschema": version, "schemas": count, "errors": {name: [message, ...]}}.
"""

import json
import os
import sys
from importlib.metadata import version

from jsonschema import Draft202012Validator


def load_schemas(directory):
    schemas = {}
    for file in sorted(os.listdir(directory)):
        if file.endswith(".json"):
            with open(os.path.join(directory, file), encoding="utf-8") as handle:
                schemas[file[: -len(".json")]] = json.load(handle)
    return schemas


def validator_factory(schemas):
    # jsonschema 4.18 resolves $refs through `referencing`; Debian 12 has 4.10, with RefResolver.
    try:
        from referencing import Registry, Resource

        registry = Registry().with_resources(
            (schema["$id"], Resource.from_contents(schema)) for schema in schemas.values()
        )
        return lambda schema: Draft202012Validator(schema, registry=registry)
    except ImportError:
        from jsonschema import RefResolver

        store = {schema["$id"]: schema for schema in schemas.values()}
        return lambda schema: Draft202012Validator(
            schema, resolver=RefResolver.from_schema(schema, store=store)
        )


def main(schema_dir, payloads_file):
    schemas = load_schemas(schema_dir)
    for schema in schemas.values():
        Draft202012Validator.check_schema(schema)
    make = validator_factory(schemas)
    with open(payloads_file, encoding="utf-8") as handle:
        payloads = json.load(handle)
    errors = {}
    for item in payloads:
        validator = make(schemas[item["schema"]])
        found = sorted(validator.iter_errors(item["payload"]), key=lambda error: list(error.path))
        errors[item["name"]] = [
            "/".join(str(part) for part in error.path) + ": " + error.message for error in found
        ]
    json.dump({"jsonschema": version("jsonschema"), "schemas": len(schemas), "errors": errors}, sys.stdout)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
