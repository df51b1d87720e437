from django.apps import AppConfig


class AuditConfig(AppConfig):
    name = "audit"
    verbose_name = "The trail's proof, reports and checks"

    def ready(self) -> None:
        from celery.signals import worker_init

        from audit import metrics
        from audit.services.reports.fonts import prepare_at_worker_start

        metrics.register()
        # A worker makes the reports' fonts as it starts, not in the first report it builds.
        worker_init.connect(prepare_at_worker_start, weak=False, dispatch_uid="report-fonts")
