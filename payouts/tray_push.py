"""Every step of the chip tray, published to the subscribers of the table's pit once it commits
(``casino.core.push``), so that every page showing a count, a slip or a drop follows it without
a reload: one kind, ``tray_changed``, whose data names the ``subject`` (a count, a slip, a slip's
void, a drop), its ``id``, its new ``status`` and the ``table``.

The statuses are those the tray's API answers for the subject: a count's and a drop's
``pending``, ``confirmed``, ``rejected``; a slip's ``requested``, ``approved``, ``issued``,
``received`` (``payouts.tray_selectors.slip_status``); a void's ``pending``, ``approved``,
``rejected`` (an approved void makes its slip ``voided``).
"""

from __future__ import annotations

from typing import Any

from casino.core.push import TableChange, TraySubject, publish_table_change
from tables.models import Table


def tray_changed(table: Table, *, subject: TraySubject, id: int, status: str, **more: Any) -> None:
    """Publish that ``subject`` ``id`` at ``table`` is now ``status`` (with ``more`` facts
    about it, such as a slip's kind and number), once the current transaction commits."""
    publish_table_change(
        table_id=table.pk,
        pit_id=table.pit_id,
        kind=TableChange.TRAY_CHANGED,
        data={"subject": str(subject), "id": id, "status": status, "table": table.pk, **more},
    )
