from django.apps import AppConfig


class ApiConfig(AppConfig):
    name = "casino.api"
    label = "api"
    verbose_name = "API machinery"

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in, user_login_failed

        from casino.api.sign_ins import record_login, record_login_failed

        user_logged_in.connect(record_login, dispatch_uid="casino.api.record_login")
        user_login_failed.connect(
            record_login_failed, dispatch_uid="casino.api.record_login_failed"
        )
