from django.apps import AppConfig


class AuditConfig(AppConfig):
    name = "audit"
    verbose_name = "Corrections, reports and checks"

    def ready(self) -> None:
        from audit import metrics

        metrics.register()
