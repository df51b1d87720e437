"""Permissions of the payouts app, on the predicates of the floor (``tables.rules``).

The house edges computed from the rules are read by whoever prices or watches the tables: pit
bosses, auditors and administrators (no personal data; a dealer has no need of them). A void or
correction is requested at the table and decided by a pit boss of its pit who did not request
it (the corrections service refuses self-approval). The chip tray is counted at the table and
worked with the cage.
"""

from __future__ import annotations

import rules

from tables.rules import (
    is_admin,
    is_assigned_dealer,
    is_auditor,
    is_cage,
    is_dealer,
    is_pit_boss,
    is_supervising_pit_boss,
)

rules.add_perm("payouts.view_house_edges", is_pit_boss | is_auditor | is_admin)

# Corrections: a void or a payout correction of a round, under dual control.
rules.add_perm("payouts.request_correction", is_assigned_dealer | is_supervising_pit_boss)
rules.add_perm("payouts.decide_correction", is_supervising_pit_boss)
rules.add_perm("payouts.list_corrections", is_pit_boss | is_auditor | is_admin)
# The dealer at the table reads its rounds' corrections too: a void asked at the tablet is
# followed there until a pit boss decides it.
rules.add_perm(
    "payouts.view_correction",
    is_assigned_dealer | is_supervising_pit_boss | is_auditor | is_admin,
)
rules.add_perm("payouts.list_reconciliations", is_pit_boss | is_auditor | is_admin)

# The chip tray. The table's side (its dealer, its pit boss) counts the tray and asks for and
# receives fills; a pit boss approves and confirms; the cage issues, takes back credits and
# counts the drop. Reading a table's tray is for them and for auditors.
rules.add_perm("payouts.count_tray", is_assigned_dealer | is_supervising_pit_boss | is_admin)
rules.add_perm("payouts.confirm_count", is_supervising_pit_boss | is_admin)
rules.add_perm("payouts.work_cage", is_cage)
rules.add_perm(
    "payouts.view_tray",
    is_assigned_dealer | is_supervising_pit_boss | is_cage | is_auditor | is_admin,
)
rules.add_perm("payouts.list_slips", is_pit_boss | is_cage | is_auditor | is_admin)
rules.add_perm("payouts.configure_chips", is_admin)
rules.add_perm("payouts.view_chips", is_dealer | is_pit_boss | is_cage | is_auditor | is_admin)
# Who may take some step of a slip at this table; the service decides which one, under the lock.
rules.add_perm(
    "payouts.work_slip", is_assigned_dealer | is_supervising_pit_boss | is_cage | is_admin
)
rules.add_perm("payouts.void_slip", is_supervising_pit_boss | is_cage | is_admin)
rules.add_perm("payouts.confirm_drop", is_supervising_pit_boss | is_cage | is_admin)
