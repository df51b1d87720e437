from django.apps import AppConfig


class AuditConfig(AppConfig):
    name = "audit"
    verbose_name = "Corrections, reports and checks"

    def ready(self) -> None:
        # Complete shifts at the tables are reconciled with their rounds here, a layer above
        # the tray (``tables.reconciliation_port``).
        from audit import metrics
        from audit.services.reconciliation import AuditShiftReconciler
        from tables.reconciliation_port import plug

        plug(AuditShiftReconciler())
        metrics.register()
