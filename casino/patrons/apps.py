from django.apps import AppConfig


class PatronsConfig(AppConfig):
    name = "casino.patrons"
    label = "patrons"
    verbose_name = "Patrons"
