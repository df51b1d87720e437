"""Permissions of the dealers app, on the predicates of the floor (``tables.rules``).

Every dealer's pace and accuracy is read by who runs and audits the floor: pit bosses, auditors
and administrators. A dealer reads their own accuracy and pace, nobody else's.
"""

from __future__ import annotations

import rules

from tables.rules import is_admin, is_auditor, is_dealer, is_pit_boss

rules.add_perm("dealers.view_figures", is_pit_boss | is_auditor | is_admin)
rules.add_perm("dealers.view_own_figures", is_dealer)
