"""The port through which a shift that is complete gets reconciled with its rounds.

A shift's win comes from its tray and its drop (this app), but the house result it is set
beside comes from the settlements and their corrections, two layers above. So when a shift
becomes complete (its closer and its drop both confirmed), the tray service hands it to
whatever reconciler is plugged in here, in the same transaction; the audit app plugs its own in
when the apps are ready (``audit.apps``). Without one, nothing is reconciled.
"""

from __future__ import annotations

from typing import Protocol

from tables.models import DropCount, TrayCount


class ShiftReconciler(Protocol):
    def reconcile(self, *, opener: TrayCount, closer: TrayCount, drop: DropCount) -> None:
        """Set the shift's win beside its rounds, and record the result. Runs in the
        transaction that completed the shift, with the table locked."""
        ...


class _NoReconciler:
    def reconcile(self, *, opener: TrayCount, closer: TrayCount, drop: DropCount) -> None:
        return None


_reconciler: ShiftReconciler = _NoReconciler()


def plug(reconciler: ShiftReconciler) -> None:
    """Make ``reconciler`` the one completed shifts go to (once, at start-up)."""
    global _reconciler
    _reconciler = reconciler


def shift_reconciler() -> ShiftReconciler:
    return _reconciler
