"""Checks the artifact bundle Scripts/release.sh wrote, as SwiftPM will read it: info.json
has the shape SE-0305 gives it (checked with a JSON schema written from that proposal and
SwiftPM's ArtifactsArchiveMetadata), names one `linza` executable whose version is Linza's,
each variant's path is an executable file in the bundle, each triple is one SwiftPM knows,
and the variant for this machine runs and reports that version.

Usage: check-artifactbundle.py dist/linza.artifactbundle VERSION
"""
import json
import os
import platform
import subprocess
import sys

import jsonschema

bundle, version = sys.argv[1:3]

SCHEMA = {
    "type": "object",
    "required": ["schemaVersion", "artifacts"],
    "properties": {
        "schemaVersion": {"enum": ["1.0"]},
        "artifacts": {
            "type": "object",
            "minProperties": 1,
            "additionalProperties": {
                "type": "object",
                "required": ["version", "type", "variants"],
                "properties": {
                    "version": {"type": "string", "minLength": 1},
                    "type": {"enum": ["executable", "staticLibrary", "swiftSDK", "crossCompilationDestination"]},
                    "variants": {
                        "type": "array",
                        "minItems": 1,
                        "items": {
                            "type": "object",
                            "required": ["path"],
                            "properties": {
                                "path": {"type": "string", "minLength": 1},
                                "supportedTriples": {"type": "array", "minItems": 1, "items": {"type": "string"}},
                            },
                        },
                    },
                },
            },
        },
    },
}
# The triples release.sh may name, as SwiftPM spells them.
KNOWN_TRIPLES = {"x86_64-unknown-linux-gnu", "aarch64-unknown-linux-gnu", "arm64-apple-macosx", "x86_64-apple-macosx"}
HOST_TRIPLE = {("Linux", "x86_64"): "x86_64-unknown-linux-gnu", ("Linux", "aarch64"): "aarch64-unknown-linux-gnu",
               ("Darwin", "arm64"): "arm64-apple-macosx", ("Darwin", "x86_64"): "x86_64-apple-macosx"}
failures = []


def check(condition, message):
    print(("ok: " if condition else "FAILED: ") + message)
    if not condition:
        failures.append(message)


info = json.load(open(os.path.join(bundle, "info.json")))
jsonschema.Draft7Validator(SCHEMA).validate(info)
check(set(info["artifacts"]) == {"linza"}, "info.json names one artifact, linza (the plugin's tool name)")
artifact = info["artifacts"]["linza"]
check(artifact["type"] == "executable" and artifact["version"] == version, f"an executable, version {version}")
host = HOST_TRIPLE.get((platform.system(), platform.machine()))
host_variant = None
for variant in artifact["variants"]:
    path = os.path.join(bundle, variant["path"])
    check(os.path.isfile(path) and os.access(path, os.X_OK), f"{variant['path']} is an executable file")
    check(set(variant["supportedTriples"]) <= KNOWN_TRIPLES, f"{variant['path']}: {variant['supportedTriples']}")
    if host in variant["supportedTriples"]:
        host_variant = path
check(host_variant is not None, f"a variant serves this machine ({host})")
if host_variant:
    printed = subprocess.run([host_variant, "--version"], capture_output=True, text=True).stdout
    check(printed.startswith(version + " ("), f"it runs and prints {version} with its commit: {printed.strip()}")
sys.exit(1 if failures else 0)
