"""Shared API machinery: authentication, roles, the error shape, idempotency, request ids."""
