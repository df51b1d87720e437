"""The Merkle tree of a checkpoint's stream heads (RFC 6962's construction).

A leaf is one stream's head, ``[stream, seq, hash]``; leaves are ordered by stream key. A leaf
hashes as SHA-256 of ``0x00`` and its canonical JSON, an inner node as SHA-256 of ``0x01`` and
its two children, the tree splitting at the largest power of two below its size, so a proof
that one stream's head is in a checkpoint needs only ``log2(streams)`` hashes, not every head.

>>> heads = {"site": (3, "a" * 64), "table:1": (7, "b" * 64), "table:2": (1, "c" * 64)}
>>> root = merkle_root(heads)
>>> proof = inclusion_proof(heads, "table:1")
>>> verify_inclusion(root, "table:1", heads["table:1"], proof)
True
>>> verify_inclusion(root, "table:1", (8, "b" * 64), proof)
False
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

#: The root of a checkpoint with no stream.
EMPTY_ROOT = hashlib.sha256(b"").hexdigest()

Head = tuple[int, str]


def leaf_bytes(stream: str, head: Head) -> bytes:
    """The canonical form of one stream's head, as its leaf hashes it."""
    seq, row_hash = head
    return json.dumps([stream, int(seq), str(row_hash)], separators=(",", ":")).encode()


def _leaf(stream: str, head: Head) -> bytes:
    return hashlib.sha256(b"\x00" + leaf_bytes(stream, head)).digest()


def _node(left: bytes, right: bytes) -> bytes:
    return hashlib.sha256(b"\x01" + left + right).digest()


def _split(size: int) -> int:
    """The largest power of two smaller than ``size`` (``size`` > 1)."""
    k = 1
    while k * 2 < size:
        k *= 2
    return k


def _root(leaves: Sequence[bytes]) -> bytes:
    if len(leaves) == 1:
        return leaves[0]
    k = _split(len(leaves))
    return _node(_root(leaves[:k]), _root(leaves[k:]))


def _leaves(heads: Mapping[str, Head]) -> tuple[list[str], list[bytes]]:
    keys = sorted(heads)
    return keys, [_leaf(key, heads[key]) for key in keys]


def merkle_root(heads: Mapping[str, Head]) -> str:
    """The hex root of the tree of ``heads`` (stream key to ``(seq, hash)``)."""
    if not heads:
        return EMPTY_ROOT
    return _root(_leaves(heads)[1]).hex()


@dataclass(frozen=True)
class ProofStep:
    """One sibling on the path from a leaf to the root, and on which side it stands."""

    side: str  # "left" or "right"
    hash: str

    def to_list(self) -> list[str]:
        return [self.side, self.hash]


def inclusion_proof(heads: Mapping[str, Head], stream: str) -> list[ProofStep]:
    """The siblings from ``stream``'s leaf up to the root, nearest first.

    :raises KeyError: when ``stream`` has no head in ``heads``.
    """
    keys, leaves = _leaves(heads)
    index = keys.index(stream) if stream in heads else None
    if index is None:
        raise KeyError(stream)
    steps: list[ProofStep] = []
    _path(leaves, index, steps)
    return steps


def _path(leaves: Sequence[bytes], index: int, steps: list[ProofStep]) -> None:
    if len(leaves) == 1:
        return
    k = _split(len(leaves))
    if index < k:
        _path(leaves[:k], index, steps)
        steps.append(ProofStep("right", _root(leaves[k:]).hex()))
    else:
        _path(leaves[k:], index - k, steps)
        steps.append(ProofStep("left", _root(leaves[:k]).hex()))


def verify_inclusion(root: str, stream: str, head: Head, proof: Sequence[ProofStep]) -> bool:
    """Whether ``proof`` leads from ``stream``'s ``head`` to ``root``."""
    digest = _leaf(stream, head)
    for step in proof:
        sibling = bytes.fromhex(step.hash)
        digest = _node(sibling, digest) if step.side == "left" else _node(digest, sibling)
    return digest.hex() == root
