"""Permissions of the payouts app, on the predicates of the floor (``tables.rules``).

The house edges computed from the rules are read by whoever prices or watches the tables: pit
bosses, auditors and administrators (no personal data; a dealer has no need of them).
"""

from __future__ import annotations

import rules

from tables.rules import is_admin, is_auditor, is_pit_boss

rules.add_perm("payouts.view_house_edges", is_pit_boss | is_auditor | is_admin)
