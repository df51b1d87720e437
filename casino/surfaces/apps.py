from django.apps import AppConfig


class SurfacesConfig(AppConfig):
    name = "casino.surfaces"
    label = "surfaces"
    verbose_name = "Working surfaces"
