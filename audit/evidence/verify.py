"""Verifying an evidence package on its own: ``python -m audit.evidence.verify FILE
[--public-key KEYFILE] [--no-replay]``.

No database and no Django: the file, the public key (``--public-key``, the site's key as it
publishes it; else the key the package carries, which proves the package's integrity but not
who made it) and this code are enough. Each check is printed with ``OK`` or ``FAILED``; the exit
status is 0 when every check holds, 1 when one does not, 2 when the file cannot be read.

The checks, in order (:data:`CHECKS`):

``format``              the file is a package of a known format, in its canonical form (so
                        every byte of it is content)
``package_signature``   the package is signed, as a whole, by the trusted key
``row_hashes``          each audit row's hash is the SHA-256 of its content's canonical form
``row_links``           each row follows the one before in its stream: the next ``seq``, and
                        the previous row's hash as its ``prev_hash``
``checkpoint_signature`` the checkpoint is signed by the trusted key, and its root is the
                        Merkle root of the heads it seals
``sealed_head``         the last row is the head the checkpoint seals for the stream
``inclusion_proof``     the RFC 6962 audit path leads from that head to the checkpoint's root
``records_match``       the rounds' events, settlements and corrections are those the rows
                        record, and each dealer is named with the events they recorded
                        (``audit.evidence.binding``)
``replay``              each round's events, replayed by the game's engine, reproduce its
                        settlement (``audit.evidence.replay``; skipped with ``--no-replay``)
"""

from __future__ import annotations

import argparse
import base64
import json
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

from audit.evidence.binding import binding_problems
from audit.evidence.document import KINDS, PACKAGE_FORMATS, canonical, signed_bytes
from audit.evidence.replay import replay_problems
from audit.sealing.documents import CheckpointDocument, CheckpointFormatError, problems
from audit.sealing.merkle import ProofStep, verify_inclusion
from audit.sealing.signing import SigningKeyError, key_id, load_public_key, signature_holds
from casino.core.trail.canonical import HASHED_FIELDS, row_hash

CHECKS = (
    "format",
    "package_signature",
    "row_hashes",
    "row_links",
    "checkpoint_signature",
    "sealed_head",
    "inclusion_proof",
    "records_match",
    "replay",
)

_MEMBERS = {
    "format": int,
    "kind": str,
    "subject": dict,
    "table": dict,
    "rounds": list,
    "stream": str,
    "records": list,
    "checkpoint": str,
    "inclusion_proof": list,
    "public_key": dict,
    "signature": dict,
}


@dataclass(frozen=True)
class Check:
    """One check: its name (:data:`CHECKS`), whether it holds, and what it found."""

    name: str
    ok: bool
    detail: str


@dataclass(frozen=True)
class Outcome:
    """Every check made, in order; ``key`` says which key was trusted."""

    checks: list[Check] = field(default_factory=list)
    key: str = ""

    @property
    def ok(self) -> bool:
        return bool(self.checks) and all(check.ok for check in self.checks)

    def check(self, name: str) -> Check:
        """:raises KeyError: for a check not made."""
        return next(check for check in self.checks if check.name == name)

    @property
    def failed(self) -> list[str]:
        return [check.name for check in self.checks if not check.ok]


class _Failed(Exception):
    """A check's finding (its message is the detail)."""


def verify_package(
    data: bytes, *, public_key_pem: bytes | None = None, replay: bool = True
) -> Outcome:
    """Verify the package in ``data`` against ``public_key_pem`` (the site's key), or without
    it against the key the package carries. Never raises for what the file holds."""
    checks: list[Check] = []
    package = _parse(data, checks)
    if package is None:
        return Outcome(checks, key="")
    trusted, key_note = _trusted_key(package, public_key_pem, checks)
    if trusted is None:
        return Outcome(checks, key=key_note)
    context: dict[str, Any] = {}
    steps: list[tuple[str, Callable[[], str]]] = [
        ("package_signature", lambda: _package_signature(package, trusted)),
        ("row_hashes", lambda: _row_hashes(package)),
        ("row_links", lambda: _row_links(package)),
        ("checkpoint_signature", lambda: _checkpoint_signature(package, trusted, context)),
        ("sealed_head", lambda: _sealed_head(package, context)),
        ("inclusion_proof", lambda: _inclusion_proof(package, context)),
        ("records_match", lambda: _records_match(package)),
    ]
    if replay:
        steps.append(("replay", lambda: _replay(package)))
    for name, step in steps:
        checks.append(_run(name, step))
    return Outcome(checks, key=key_note)


def _run(name: str, step: Callable[[], str]) -> Check:
    try:
        return Check(name, True, step())
    except _Failed as finding:
        return Check(name, False, str(finding))
    # Whatever the file holds, a check fails rather than raises (a malformed amount is a
    # decimal.InvalidOperation, an ArithmeticError).
    except (KeyError, TypeError, ValueError, AttributeError, IndexError, ArithmeticError) as exc:
        return Check(name, False, f"the package does not hold what this check reads: {exc!r}")


def _parse(data: bytes, checks: list[Check]) -> dict[str, Any] | None:
    def refuse(detail: str) -> None:
        checks.append(Check("format", False, detail))

    try:
        package = json.loads(data.decode("ascii"), parse_constant=_no_constant)
    except (UnicodeDecodeError, ValueError) as exc:
        refuse(f"not canonical JSON: {exc}")
        return None
    if not isinstance(package, dict):
        refuse("not a JSON object")
        return None
    if package.get("format") not in PACKAGE_FORMATS or isinstance(package.get("format"), bool):
        known = ", ".join(str(known) for known in PACKAGE_FORMATS)
        refuse(f"format {package.get('format')!r} is not one of {known}")
        return None
    for member, kind in _MEMBERS.items():
        if not isinstance(package.get(member), kind):
            refuse(f"{member} is missing or not a {kind.__name__}")
            return None
    if package["kind"] not in KINDS:
        refuse(f"kind {package['kind']!r} is not one of {', '.join(KINDS)}")
        return None
    if canonical(package) != data:
        refuse("the file is not the canonical serialisation of its content")
        return None
    checks.append(
        Check("format", True, f"package format {package['format']}, {package['kind']}, canonical")
    )
    return package


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not JSON")


def _trusted_key(
    package: dict[str, Any], public_key_pem: bytes | None, checks: list[Check]
) -> tuple[Ed25519PublicKey | None, str]:
    try:
        if public_key_pem is not None:
            key = load_public_key(public_key_pem)
            return key, f"the key given, {key_id(key)}"
        key = load_public_key(str(package["public_key"]["pem"]).encode())
    except (SigningKeyError, KeyError, TypeError) as exc:
        checks.append(Check("package_signature", False, f"no usable public key: {exc}"))
        return None, ""
    return key, (
        f"the package's own key, {key_id(key)}: compare it with the key the site publishes"
    )


def _package_signature(package: dict[str, Any], trusted: Ed25519PublicKey) -> str:
    signature = package["signature"]
    if signature.get("key_id") != key_id(trusted):
        raise _Failed(
            f"signed with key {signature.get('key_id')}, not the trusted {key_id(trusted)}"
        )
    value = str(signature.get("value"))
    if not signature_holds(trusted, signed_bytes(package), value):
        raise _Failed("the signature does not hold: the package changed after it was signed")
    # Base64 leaves the last character's spare bits free: a value they were changed in decodes
    # to the same signature. Only the canonical encoding is the signature, so that no byte of
    # the file goes unchecked.
    if base64.b64encode(base64.b64decode(value)).decode() != value:
        raise _Failed("the signature is not in its canonical base64 encoding")
    return f"signed by key {key_id(trusted)}"


def _records(package: dict[str, Any]) -> list[dict[str, Any]]:
    records = package["records"]
    if not records:
        raise _Failed("the package holds no audit row")
    return records  # type: ignore[no-any-return]


def _row_hashes(package: dict[str, Any]) -> str:
    records = _records(package)
    for record in records:
        missing = [name for name in (*HASHED_FIELDS, "row_hash") if name not in record]
        if missing:
            raise _Failed(f"row {record.get('id')} lacks {', '.join(missing)}")
        if record["stream"] != package["stream"]:
            raise _Failed(f"row {record['id']} is of stream {record['stream']}")
        found = row_hash(record)
        if found != record["row_hash"]:
            raise _Failed(
                f"row {record['id']} ({record['stream']} #{record['seq']}): its content hashes "
                f"to {found}, the chain holds {record['row_hash']}"
            )
    return f"{len(records)} rows, each hashing to its row_hash"


def _row_links(package: dict[str, Any]) -> str:
    records = _records(package)
    for before, record in zip(records, records[1:], strict=False):
        if record["seq"] != before["seq"] + 1:
            raise _Failed(
                f"{record['stream']} #{record['seq']} follows #{before['seq']}: a row is "
                "missing or out of place"
            )
        if record["prev_hash"] != before["row_hash"]:
            raise _Failed(
                f"{record['stream']} #{record['seq']} names {record['prev_hash']} as the row "
                f"before, which hashes to {before['row_hash']}"
            )
    first, last = records[0], records[-1]
    return f"{package['stream']} #{first['seq']} to #{last['seq']}, each linked to the one before"


def _checkpoint_signature(
    package: dict[str, Any], trusted: Ed25519PublicKey, context: dict[str, Any]
) -> str:
    try:
        document = CheckpointDocument.parse(package["checkpoint"])
    except CheckpointFormatError as exc:
        raise _Failed(str(exc)) from exc
    if document.line() != package["checkpoint"]:
        raise _Failed("the checkpoint is not in its canonical form")
    # One checkpoint alone has no previous one to be linked to: its own link is taken as it
    # is; the site's verification checks the checkpoints' chain.
    found = problems(document, public_key=trusted, previous=document.previous)
    if found:
        raise _Failed("; ".join(found))
    context["checkpoint"] = document
    return (
        f"checkpoint {document.number} sealed {document.sealed_at}, signed by key "
        f"{document.key_id}, root {document.root}"
    )


def _document(context: dict[str, Any]) -> CheckpointDocument:
    document = context.get("checkpoint")
    if document is None:
        raise _Failed("no checkpoint to check against")
    return document  # type: ignore[no-any-return]


def _sealed_head(package: dict[str, Any], context: dict[str, Any]) -> str:
    document = _document(context)
    last = _records(package)[-1]
    sealed = document.streams.get(package["stream"])
    if sealed is None:
        raise _Failed(f"checkpoint {document.number} seals no head of {package['stream']}")
    if sealed != (last["seq"], last["row_hash"]):
        raise _Failed(
            f"checkpoint {document.number} seals {package['stream']} at #{sealed[0]} "
            f"{sealed[1]}; the last row is #{last['seq']} {last['row_hash']}"
        )
    return f"{package['stream']} #{last['seq']} is the head checkpoint {document.number} seals"


def _inclusion_proof(package: dict[str, Any], context: dict[str, Any]) -> str:
    document = _document(context)
    sealed = document.streams.get(package["stream"])
    if sealed is None:
        raise _Failed(f"checkpoint {document.number} seals no head of {package['stream']}")
    steps = [ProofStep(str(side), str(digest)) for side, digest in package["inclusion_proof"]]
    if any(step.side not in ("left", "right") for step in steps):
        raise _Failed("a step of the proof is neither left nor right")
    if not verify_inclusion(document.root, package["stream"], sealed, steps):
        raise _Failed(f"the proof does not lead to the root {document.root}")
    return f"{len(steps)} hashes lead from the stream's head to the root"


def _records_match(package: dict[str, Any]) -> str:
    found = binding_problems(package)
    if found:
        raise _Failed("; ".join(found))
    rounds = package["rounds"]
    events = sum(len(round["events"]) for round in rounds)
    corrections = sum(len(round["corrections"]) for round in rounds)
    return (
        f"{len(rounds)} rounds, {events} events, {corrections} corrections: as the trail "
        "records them"
    )


def _replay(package: dict[str, Any]) -> str:
    done, found = [], []
    for round in package["rounds"]:
        summary, differences = replay_problems(round)
        done.append(summary)
        found.extend(differences)
    if found:
        raise _Failed("; ".join(found))
    return "; ".join(done) or "no round to replay"


def report_lines(outcome: Outcome) -> list[str]:
    """The report :func:`main` prints: one line per check, then the verdict."""
    lines = [f"trusted key: {outcome.key}"] if outcome.key else []
    lines += [f"{'OK' if c.ok else 'FAILED':<7} {c.name:<21} {c.detail}" for c in outcome.checks]
    lines.append("evidence package VERIFIED" if outcome.ok else "evidence package NOT VERIFIED")
    return lines


def public_key_pem(raw: bytes) -> bytes:
    """The PEM of the site's public key from a key file as a regulator gets it: the API's
    answer (``GET /api/v1/audit/checkpoints/public-key/``, JSON: ``algorithm``, ``key_id``,
    ``public_key_pem``) saved as it is, or the PEM alone. The answer's ``key_id`` must be its
    key's.

    :raises SigningKeyError: for JSON that is not that answer, or whose key id is not its key's.
    """
    if not raw.lstrip().startswith(b"{"):
        return raw
    try:
        answer = json.loads(raw)
        pem = str(answer["public_key_pem"]).encode()
    except (ValueError, KeyError, TypeError) as exc:
        raise SigningKeyError(
            "the key file is JSON but not the site's public-key answer (public_key_pem)"
        ) from exc
    stated = answer.get("key_id")
    if stated is not None and stated != key_id(load_public_key(pem)):
        raise SigningKeyError("the key file's key_id is not the id of its public_key_pem")
    return pem


def main(argv: Sequence[str] | None = None, *, out: Any = None) -> int:
    """The command line: verify FILE, print each check, return the exit status."""
    out = out or sys.stdout
    parser = argparse.ArgumentParser(
        prog="python -m audit.evidence.verify",
        description="Verify an evidence package on its own, without the database.",
    )
    parser.add_argument("file", type=Path, help="the evidence package")
    parser.add_argument(
        "--public-key",
        type=Path,
        help="the site's public key: the answer of GET /api/v1/audit/checkpoints/public-key/"
        " saved as it is (JSON), or the key alone (PEM)",
    )
    parser.add_argument(
        "--no-replay", action="store_true", help="do not replay the rounds with the engines"
    )
    options = parser.parse_args(argv)
    try:
        data = options.file.read_bytes()
        pem = public_key_pem(options.public_key.read_bytes()) if options.public_key else None
    except (OSError, SigningKeyError) as exc:
        print(f"cannot read: {exc}", file=out)
        return 2
    outcome = verify_package(data, public_key_pem=pem, replay=not options.no_replay)
    for line in report_lines(outcome):
        print(line, file=out)
    return 0 if outcome.ok else 1


if __name__ == "__main__":
    sys.exit(main())
