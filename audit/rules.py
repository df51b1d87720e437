"""Object permissions of the audit app, on the predicates of the floor (``tables.rules``).

Auditors read the trail, verify it and run reports; a void or correction is requested at the
table and decided by a pit boss of its pit who did not request it (the corrections service
refuses self-approval).
"""

from __future__ import annotations

from typing import Any

import rules

from casino.core.roles import Role, user_role
from tables.models import Pit
from tables.rules import (
    is_admin,
    is_auditor,
    is_dealer,
    is_pit_boss,
    is_supervising_pit_boss,
)

rules.add_perm("audit.view_trail", is_auditor)
rules.add_perm("audit.run_reports", is_auditor)


@rules.predicate
def supervises_in_the_casino(user: Any, report: Any) -> bool:
    """The user is a pit boss supervising a pit of the report's casino."""
    casino_id = getattr(report, "casino_id", None)
    if casino_id is None or user_role(user) is not Role.PIT_BOSS:
        return False
    return Pit.objects.filter(casino_id=casino_id, supervisors__id=user.pk).exists()


# Gaming-day reports are per casino: a pit boss reads (never requests) those of the casinos
# of the own pits.
rules.add_perm("audit.list_reports", is_pit_boss | is_auditor)
rules.add_perm("audit.read_report", supervises_in_the_casino | is_auditor)
# Evidence packages: auditors of any round or table, a pit boss of the own pits' (never a
# dealer, nor an admin, who configures and reviews no rounds).
rules.add_perm("audit.export_evidence", is_supervising_pit_boss | is_auditor)

# The round search: every role that reads rounds, each seeing what it may (audit.round_search
# narrows the rows: a pit boss's pits, a dealer's round in play); a round's story is the
# reviewers' (``tables.review_round``).
# The anti-money-laundering day names carded patrons: for administrators (compliance) alone.
rules.add_perm("audit.export_aml", is_admin)
rules.add_perm("audit.search_rounds", is_dealer | is_pit_boss | is_auditor | is_admin)
