"""``manage.py set_pin <username> [--pin 4812]``: give a dealer a PIN for signing in at a
tablet, from the server's console (asked twice, unechoed, when ``--pin`` is not given)."""

from __future__ import annotations

import getpass
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from casino.core.errors import ApiError
from casino.identity.pins import pin_set_at_console


class Command(BaseCommand):
    help = "Set a dealer's PIN for signing in at a tablet (4 to 8 digits, stored hashed)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("username")
        parser.add_argument("--pin", help="The PIN; asked for when left out.")

    def handle(self, *args: Any, **options: Any) -> None:
        pin = options["pin"]
        if pin is None:
            pin = getpass.getpass("PIN: ")
            if getpass.getpass("PIN (again): ") != pin:
                raise CommandError("The two PINs differ.")
        try:
            pin_set_at_console(username=options["username"], pin=pin)
        except ApiError as refusal:
            raise CommandError(f"{refusal.code}: {refusal.message}") from None
        self.stdout.write(f"PIN set for {options['username']}.")
