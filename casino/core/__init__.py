"""The shared core every app stands on: the error vocabulary, roles, the request's context, the
gaming day, and the audit trail with its hash chain (every app records, so the trail sits below
them all). It imports nothing from ``tables``, ``payouts`` or ``audit``.
"""
