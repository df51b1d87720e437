from django.apps import AppConfig


class IdentityConfig(AppConfig):
    name = "casino.identity"
    label = "identity"
    verbose_name = "Identity"

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in, user_login_failed

        from casino.identity.sign_ins import record_login, record_login_failed

        user_logged_in.connect(record_login, dispatch_uid="casino.identity.record_login")
        user_login_failed.connect(
            record_login_failed, dispatch_uid="casino.identity.record_login_failed"
        )
