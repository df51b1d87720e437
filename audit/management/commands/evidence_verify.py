"""``python manage.py evidence_verify FILE [--public-key KEYFILE]``: verify an evidence package.

The same function as ``python -m audit.evidence.verify``, which needs neither Django nor the
database; this command only saves an auditor on the server from typing the other. Without
``--public-key`` it trusts the site's own key (``AUDIT_PUBLIC_KEY_FILE``, else the signing
key's), not the one the package carries. Exits 1 when a check fails.
"""

from __future__ import annotations

import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from audit.evidence.verify import report_lines, verify_package
from audit.sealing.signing import SigningKeyError, public_pem
from audit.services.checkpoints import trusted_public_key


class Command(BaseCommand):
    help = "Verify an evidence package (every check, OK or FAILED)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the evidence package")
        parser.add_argument("--public-key", help="the public key to trust (PEM)")
        parser.add_argument("--no-replay", action="store_true", help="do not replay the rounds")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            with open(options["file"], "rb") as package:
                data = package.read()
            if options["public_key"]:
                with open(options["public_key"], "rb") as key:
                    pem = key.read()
            else:
                pem = public_pem(trusted_public_key()).encode()
        except (OSError, SigningKeyError) as exc:
            raise CommandError(str(exc)) from exc
        outcome = verify_package(data, public_key_pem=pem, replay=not options["no_replay"])
        for line in report_lines(outcome):
            self.stdout.write(line)
        if not outcome.ok:
            sys.exit(1)
