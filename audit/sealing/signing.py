"""The checkpoint signing key: Ed25519, kept in a file the database never sees.

The private key is a PEM file (PKCS#8) named by the environment; the machine that seals the
checkpoints reads it, nothing stores it. A verifier needs only the public key, which the
project serves to auditors and which may be given to a verifier on its own.
"""

from __future__ import annotations

import base64
import hashlib
import os
from pathlib import Path

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import (
    Ed25519PrivateKey,
    Ed25519PublicKey,
)


class SigningKeyError(RuntimeError):
    """The signing key is missing, unreadable or not an Ed25519 key."""


def generate_key_file(path: Path) -> None:
    """Write a new Ed25519 private key to ``path`` (readable by its owner only), unless a file
    is there already: a key is never replaced behind the checkpoints it signed."""
    path.parent.mkdir(parents=True, exist_ok=True)
    pem = Ed25519PrivateKey.generate().private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    )
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return
    with os.fdopen(fd, "wb") as out:
        out.write(pem)
        out.flush()
        os.fsync(out.fileno())


def load_private_key(path: Path) -> Ed25519PrivateKey:
    """:raises SigningKeyError:"""
    try:
        key = serialization.load_pem_private_key(path.read_bytes(), password=None)
    except (OSError, ValueError, TypeError) as exc:
        raise SigningKeyError(f"cannot read the checkpoint signing key: {exc}") from exc
    if not isinstance(key, Ed25519PrivateKey):
        raise SigningKeyError("the checkpoint signing key is not an Ed25519 key")
    return key


def load_public_key(pem: bytes) -> Ed25519PublicKey:
    """:raises SigningKeyError:"""
    try:
        key = serialization.load_pem_public_key(pem)
    except (ValueError, TypeError) as exc:
        raise SigningKeyError(f"cannot read the checkpoint public key: {exc}") from exc
    if not isinstance(key, Ed25519PublicKey):
        raise SigningKeyError("the checkpoint public key is not an Ed25519 key")
    return key


def public_pem(key: Ed25519PublicKey) -> str:
    return key.public_bytes(
        serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
    ).decode()


def key_id(key: Ed25519PublicKey) -> str:
    """A short name of a public key: the first 16 hex digits of the SHA-256 of its raw bytes."""
    raw = key.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
    return hashlib.sha256(raw).hexdigest()[:16]


def sign(key: Ed25519PrivateKey, message: bytes) -> str:
    """The signature of ``message``, base64."""
    return base64.b64encode(key.sign(message)).decode()


def signature_holds(key: Ed25519PublicKey, message: bytes, signature: str) -> bool:
    try:
        key.verify(base64.b64decode(signature, validate=True), message)
    except (InvalidSignature, ValueError):
        return False
    return True
