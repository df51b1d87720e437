from django.apps import AppConfig


class TablesConfig(AppConfig):
    name = "tables"
    verbose_name = "Tables and rounds"

    def ready(self) -> None:
        # Sign-in administration (a layer below) learns through this port which dealers a
        # pit boss answers for.
        from casino.api.supervision import plug
        from tables.supervision import PitSupervision

        plug(PitSupervision())
