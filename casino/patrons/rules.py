"""Permissions of the patrons app, on the predicates of the floor (``tables.rules``).

A patron is seated, paused, moved and unseated, and a buy-in recorded, by who runs the table:
its dealer or a pit boss of its pit. Enrolling a carded patron, excluding one and reading the
personal data are the floor's supervisors' (and administrators'): a dealer finds a patron by
loyalty number and sees the number or the description, never the name or the birth date.
Currency paid out at the cage is the cage's to record. The anti-money-laundering log is read
by pit bosses, auditors and administrators; the thresholds are set by administrators.
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

rules.add_perm("patrons.find_patron", is_dealer | is_pit_boss | is_cage | is_auditor | is_admin)
rules.add_perm("patrons.enrol_patron", is_pit_boss | is_admin)
rules.add_perm("patrons.view_identity", is_pit_boss | is_admin)
rules.add_perm("patrons.exclude_patron", is_pit_boss | is_admin)
# At a table (the object): seat, pause, move, unseat, and record its buy-ins.
rules.add_perm("patrons.seat_patron", is_assigned_dealer | is_supervising_pit_boss | is_admin)
rules.add_perm(
    "patrons.view_sessions",
    is_assigned_dealer | is_supervising_pit_boss | is_auditor | is_admin,
)
rules.add_perm("patrons.record_cash_out", is_cage | is_admin)
rules.add_perm("patrons.view_history", is_pit_boss | is_auditor | is_admin)
rules.add_perm("patrons.view_aml_log", is_pit_boss | is_auditor | is_admin)
rules.add_perm("patrons.set_aml_policy", is_admin)
# Points: read with the ratings, comps spent by the floor, promotions and the earning policy
# the administrators'.
rules.add_perm("patrons.view_points", is_pit_boss | is_auditor | is_admin)
rules.add_perm("patrons.redeem_comp", is_pit_boss | is_admin)
rules.add_perm("patrons.award_points", is_admin)
# A floor person's estimate of a session, kept beside its exact rating.
rules.add_perm("patrons.estimate_rating", is_supervising_pit_boss | is_admin)
