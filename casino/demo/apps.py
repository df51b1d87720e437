from django.apps import AppConfig


class DemoConfig(AppConfig):
    name = "casino.demo"
    label = "demo"
    verbose_name = "Demo floor"
