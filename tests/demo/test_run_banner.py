"""What ``make run`` prints: every demo login and every tablet PIN of the demo floor, so that
each path under dual control can be walked from the banner alone."""

from __future__ import annotations

from casino.demo.floor import DEMO_ASSIGNMENTS, DEMO_PINS, DEMO_USERS
from tests.stacks import stack_module


def test_the_banner_names_every_demo_login_and_each_pin_with_its_owner() -> None:
    text = stack_module().banner("http://127.0.0.1:8000", 8001)
    for username, _role in DEMO_USERS:
        assert username in text
    for username, pin in DEMO_PINS.items():
        assert f"{username} {pin}" in text
    for table, dealer in DEMO_ASSIGNMENTS.items():
        assert f"{dealer} at {table}" in text
