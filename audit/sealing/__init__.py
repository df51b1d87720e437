"""Checkpoints of the audit trail, sealed outside the database.

The pure parts (the Merkle tree of the stream heads, the signed checkpoint document, the
folder the checkpoints are written to) import no model, so a verifier can check a checkpoint
file, or an evidence package, without the database.
"""
