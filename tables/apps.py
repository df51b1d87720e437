from django.apps import AppConfig


class TablesConfig(AppConfig):
    name = "tables"
    verbose_name = "Tables and rounds"

    def ready(self) -> None:
        # Each game's adapter registers with the rounds service once the apps are loaded.
        from tables.engines import register
        from tables.games.reddog import RedDogAdapter
        from tables.games.rubyrun import RubyRunAdapter
        from tables.games.russian import RussianPokerAdapter

        register(RussianPokerAdapter())
        register(RubyRunAdapter())
        register(RedDogAdapter())
