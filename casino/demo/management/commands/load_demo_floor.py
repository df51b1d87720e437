from django.core.management.base import BaseCommand

from casino.demo.floor import load_demo_floor


class Command(BaseCommand):
    help = "Create the demo floor (one pit, tables of all three games, one user per role)."

    def handle(self, *args: object, **options: object) -> None:
        created = load_demo_floor()
        self.stdout.write("Demo floor created." if created else "Demo floor already present.")
