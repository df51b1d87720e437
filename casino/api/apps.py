from django.apps import AppConfig


class ApiConfig(AppConfig):
    name = "casino.api"
    label = "api"
    verbose_name = "API machinery"
