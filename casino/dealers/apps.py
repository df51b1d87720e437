from django.apps import AppConfig


class DealersConfig(AppConfig):
    name = "casino.dealers"
    label = "dealers"
    verbose_name = "Dealers"
