from django.apps import AppConfig


class PayoutsConfig(AppConfig):
    name = "payouts"
    verbose_name = "Paytables and settlements"

    def ready(self) -> None:
        # Rounds (a layer below) take their paytables through this port.
        from payouts.services.pinning import PaytablePinning
        from tables.paytable_port import plug

        plug(PaytablePinning())

        from payouts.house_edge_triggers import connect

        connect()
