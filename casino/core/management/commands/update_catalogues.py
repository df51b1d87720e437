"""``manage.py update_catalogues``: every word the tablet uses added to each language's ``.po``
files, the translations made kept (``casino.core.catalogues.update_catalogues``); what
``makemessages`` does, without GNU gettext."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from casino.core.catalogues import ROOT, update_catalogues


class Command(BaseCommand):
    help = "Add the words the tablet uses to every language's catalogue (.po)."

    def handle(self, *args: Any, **options: Any) -> None:
        for po in update_catalogues():
            self.stdout.write(f"updated {po.relative_to(ROOT)}")
