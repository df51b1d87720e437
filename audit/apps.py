from django.apps import AppConfig


class AuditConfig(AppConfig):
    name = "audit"
    verbose_name = "Audit trail"

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in, user_login_failed

        from audit.auth_events import record_login, record_login_failed

        user_logged_in.connect(record_login, dispatch_uid="audit.record_login")
        user_login_failed.connect(record_login_failed, dispatch_uid="audit.record_login_failed")
