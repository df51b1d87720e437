"""The checkpoint document: every stream's head at one moment, their Merkle root, signed.

A checkpoint is one line of canonical JSON (sorted keys, no spaces, ASCII)::

    {"closed_days": [[1, "2026-03-01"]], "format": 1, "key_id": "...", "number": 42,
     "previous": "<SHA-256 of checkpoint 41's line>", "reason": "interval",
     "root": "<Merkle root of the heads>", "sealed_at": "2026-03-02T06:00:00.000000Z",
     "signature": "<Ed25519, base64>", "streams": {"table:7": [118, "<row_hash>"], ...}}

The signature covers every other field. Each checkpoint names the digest of the one before,
so the checkpoints form a chain of their own: one removed, or one slipped in, breaks it.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

from audit.sealing.merkle import Head, merkle_root
from audit.sealing.signing import key_id, sign, signature_holds

#: Version of the document's form.
CHECKPOINT_FORMAT = 1
#: ``previous`` of the first checkpoint.
FIRST_PREVIOUS = "0" * 64


class CheckpointFormatError(ValueError):
    """A checkpoint line that is not a checkpoint document."""


def _canonical(document: Mapping[str, Any]) -> bytes:
    return json.dumps(document, sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode()


@dataclass(frozen=True)
class CheckpointDocument:
    """One sealed checkpoint; ``streams`` maps each stream key to its head ``(seq, hash)``;
    ``closed_days`` the (casino id, gaming day) pairs whose close it seals."""

    number: int
    sealed_at: str
    reason: str
    streams: dict[str, Head]
    root: str
    previous: str
    key_id: str
    closed_days: list[tuple[int, str]] = field(default_factory=list)
    signature: str = ""

    def _fields(self) -> dict[str, Any]:
        return {
            "format": CHECKPOINT_FORMAT,
            "number": self.number,
            "sealed_at": self.sealed_at,
            "reason": self.reason,
            "closed_days": [[casino, day] for casino, day in self.closed_days],
            "streams": {key: [seq, row_hash] for key, (seq, row_hash) in self.streams.items()},
            "root": self.root,
            "previous": self.previous,
            "key_id": self.key_id,
        }

    def signed_bytes(self) -> bytes:
        """What the signature covers: every field but the signature, canonical."""
        return _canonical(self._fields())

    def line(self) -> str:
        """The document as written outside the database: one line, canonical."""
        return _canonical({**self._fields(), "signature": self.signature}).decode()

    def digest(self) -> str:
        """SHA-256 hex of :meth:`line`: what the next checkpoint names as ``previous``."""
        return hashlib.sha256(self.line().encode()).hexdigest()

    @classmethod
    def parse(cls, line: str) -> CheckpointDocument:
        """:raises CheckpointFormatError:"""
        try:
            data = json.loads(line)
            if data.get("format") != CHECKPOINT_FORMAT:
                raise CheckpointFormatError(f"unknown checkpoint format {data.get('format')!r}")
            return cls(
                number=int(data["number"]),
                sealed_at=str(data["sealed_at"]),
                reason=str(data["reason"]),
                streams={
                    str(key): (int(seq), str(row_hash))
                    for key, (seq, row_hash) in dict(data["streams"]).items()
                },
                root=str(data["root"]),
                previous=str(data["previous"]),
                key_id=str(data["key_id"]),
                closed_days=[(int(casino), str(day)) for casino, day in data["closed_days"]],
                signature=str(data["signature"]),
            )
        except CheckpointFormatError:
            raise
        except (ValueError, KeyError, TypeError, AttributeError) as exc:
            raise CheckpointFormatError(f"not a checkpoint document: {exc}") from exc


def seal(
    *,
    key: Ed25519PrivateKey,
    number: int,
    sealed_at: str,
    reason: str,
    streams: Mapping[str, Head],
    previous: str,
    closed_days: list[tuple[int, str]] | None = None,
) -> CheckpointDocument:
    """The signed checkpoint of ``streams``' heads."""
    unsigned = CheckpointDocument(
        number=number,
        sealed_at=sealed_at,
        reason=reason,
        streams=dict(sorted(streams.items())),
        root=merkle_root(streams),
        previous=previous,
        key_id=key_id(key.public_key()),
        closed_days=list(closed_days or []),
    )
    return dataclasses.replace(unsigned, signature=sign(key, unsigned.signed_bytes()))


def problems(
    document: CheckpointDocument, *, public_key: Ed25519PublicKey, previous: str
) -> list[str]:
    """What is wrong with ``document`` as the checkpoint after the one whose digest is
    ``previous``: its signature, its root, its link. Empty when it holds."""
    found = []
    if document.key_id != key_id(public_key):
        found.append(f"signed with key {document.key_id}, not the trusted key")
    elif not signature_holds(public_key, document.signed_bytes(), document.signature):
        found.append("the signature does not hold")
    if merkle_root(document.streams) != document.root:
        found.append("the root is not the root of its heads")
    if document.previous != previous:
        found.append(f"names {document.previous} as previous, not {previous}")
    return found
