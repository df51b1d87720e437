from argparse import ArgumentParser

from django.core.management.base import BaseCommand

from casino.demo.floor import load_demo_floor
from casino.demo.history import DEMO_ROUNDS, DEMO_SEED, play_demo_rounds


class Command(BaseCommand):
    help = (
        "Create the demo floor (one pit, tables of all three games, one user per role) and play "
        "its first rounds at the open tables."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument(
            "--rounds",
            type=int,
            default=DEMO_ROUNDS,
            help=f"Rounds to play at each open table of a new floor (default {DEMO_ROUNDS}).",
        )

    def handle(self, *args: object, **options: object) -> None:
        if not load_demo_floor():
            self.stdout.write("Demo floor already present.")
            return
        rounds = options["rounds"]
        assert isinstance(rounds, int)
        played = play_demo_rounds(rounds=rounds, seed=DEMO_SEED)
        self.stdout.write(f"Demo floor created; {played} rounds played and settled.")
