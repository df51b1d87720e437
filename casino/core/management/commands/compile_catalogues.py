"""``manage.py compile_catalogues``: the ``.mo`` files from the ``.po`` files, without GNU
gettext (``casino.core.catalogues``)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from casino.core.catalogues import compile_catalogues


class Command(BaseCommand):
    help = "Compile the translation catalogues (.po to .mo) in pure Python."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--force", action="store_true", help="compile every catalogue again")

    def handle(self, *args: Any, **options: Any) -> None:
        for mo in compile_catalogues(force=options["force"]):
            self.stdout.write(f"compiled {mo.relative_to(mo.parents[3])}")
