from django.apps import AppConfig


class FloorConfig(AppConfig):
    name = "casino.floor"
    label = "floor"
    verbose_name = "The live floor"

    def ready(self) -> None:
        from casino.floor import rules  # noqa: F401  (registers the floor's permissions)
