from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "casino.core"
    label = "core"
    verbose_name = "Audit trail"

    def ready(self) -> None:
        # The project's Celery app, so the apps' shared tasks bind to it in every process.
        from django.db.models.signals import post_migrate

        import casino.celery  # noqa: F401
        from casino.core.row_caches import forget_rows

        # A flush sends it too, having started every id again.
        post_migrate.connect(forget_rows, dispatch_uid="core-forget-rows")
