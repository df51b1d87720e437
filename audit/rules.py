"""Object permissions of the audit app, on the predicates of the floor (``tables.rules``).

Auditors read the trail, verify it and run reports; a void or correction is requested at the
table and decided by a pit boss of its pit who did not request it (the corrections service
refuses self-approval).
"""

from __future__ import annotations

import rules

from tables.rules import (
    is_admin,
    is_assigned_dealer,
    is_auditor,
    is_pit_boss,
    is_supervising_pit_boss,
)

rules.add_perm("audit.view_trail", is_auditor)
rules.add_perm("audit.run_reports", is_auditor)
rules.add_perm("audit.request_correction", is_assigned_dealer | is_supervising_pit_boss)
rules.add_perm("audit.decide_correction", is_supervising_pit_boss)
rules.add_perm("audit.list_corrections", is_pit_boss | is_auditor | is_admin)
rules.add_perm("audit.view_correction", is_supervising_pit_boss | is_auditor | is_admin)
