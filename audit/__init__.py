"""The append-only audit trail, reports, and the auditors' API."""
