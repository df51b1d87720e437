"""The evidence package's form: canonical JSON, signed as a whole with the site's Ed25519 key.

A package is one JSON object, written as its canonical serialisation (sorted keys, no spaces,
ASCII only, no trailing newline), so that its bytes are a function of its content::

    {"format": 2, "kind": "round" | "table_day", "subject": {...},
     "exported_at": "...Z", "exported_by": "auditor",
     "table": {"id", "code", "game", "pit", "casino", "currency"},
     "rounds": [{"id", "number", "game", "status", "gaming_day", "opened_at", "closed_at",
                 "dealer", "terms": {"rule_set", "paytables", "limits", "options"},
                 "events": [...],
                 "dealers": [{"dealer": {"id", "username"}, "events": [<seq>, ...],
                              "qualification": {"id", "game", "evidence_kind",
                                                "evidence_reference", "qualified_on",
                                                "expires_on"} | null,
                              "slot": {"plan", "version", "string", "place",
                                       "table": {"id", "code"} | null,
                                       "start", "end"} | null}],
                 "settlement": {...} | null, "corrections": [...]}],
     "stream": "table:<id>",
     "records": [<every audit row of the stream from the first concerned to the sealed head>],
     "checkpoint": "<the signed checkpoint line, as written outside the database>",
     "inclusion_proof": [["left" | "right", "<hash>"], ...],
     "public_key": {"algorithm": "Ed25519", "key_id": "...", "pem": "..."},
     "signature": {"algorithm": "Ed25519", "key_id": "...", "value": "<base64>"}}

``signature`` covers the canonical serialisation of every other member.

Format 2 added each round's ``dealers`` (who dealt, the qualification and the rotation plan's
slot in force at their first event); a format 1 package, exported before, has none and still
verifies.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from audit.sealing.signing import key_id, public_pem, sign

#: Version of the package's form, as exported now.
PACKAGE_FORMAT = 2
#: The versions a verifier reads: those exported before stay verifiable.
PACKAGE_FORMATS = (1, 2)
#: What a package is about: one round, or one table's gaming day.
KIND_ROUND = "round"
KIND_TABLE_DAY = "table_day"
KINDS = (KIND_ROUND, KIND_TABLE_DAY)


def canonical(document: Any) -> bytes:
    """The canonical serialisation of JSON data: sorted keys, no spaces, ASCII only.

    >>> canonical({"b": 1, "a": ["é"]})
    b'{"a":["\\\\u00e9"],"b":1}'
    """
    return json.dumps(
        document, sort_keys=True, separators=(",", ":"), ensure_ascii=True, allow_nan=False
    ).encode()


def signed_bytes(package: Mapping[str, Any]) -> bytes:
    """What the package's signature covers: every member but ``signature``, canonical."""
    return canonical({key: value for key, value in package.items() if key != "signature"})


def package_sign(package: Mapping[str, Any], key: Ed25519PrivateKey) -> dict[str, Any]:
    """``package`` with its ``public_key`` set to ``key``'s and signed by ``key``."""
    public = key.public_key()
    unsigned = {
        **{k: v for k, v in package.items() if k != "signature"},
        "public_key": {"algorithm": "Ed25519", "key_id": key_id(public), "pem": public_pem(public)},
    }
    return {
        **unsigned,
        "signature": {
            "algorithm": "Ed25519",
            "key_id": key_id(public),
            "value": sign(key, signed_bytes(unsigned)),
        },
    }


def package_bytes(package: Mapping[str, Any]) -> bytes:
    """The file of ``package``: its canonical serialisation, signature included."""
    return canonical(package)
