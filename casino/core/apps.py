from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "casino.core"
    label = "core"
    verbose_name = "Audit trail"

    def ready(self) -> None:
        # The project's Celery app, so the apps' shared tasks bind to it in every process.
        import casino.celery  # noqa: F401
