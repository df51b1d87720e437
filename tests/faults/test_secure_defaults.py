"""Secure defaults: a server not in debug mode refuses the published secret key, and the
production settings (``CASINO_ENV=production``) pass ``manage.py check --deploy``.

The bugs: the insecure default ``SECRET_KEY`` was used silently, and ``check --deploy`` gave
five warnings (HSTS, the HTTPS redirect, the key, the session and CSRF cookies).
"""

from __future__ import annotations

import os
import secrets
import stat
import subprocess
import sys
from pathlib import Path

from tests.faults.stack import ROOT, stack_module

INSECURE = "insecure-local-development-key-change-me"


def _manage(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """``manage.py`` in a process of its own, with the settings' variables only as given."""
    clean = {
        name: value
        for name, value in os.environ.items()
        if name not in {"SECRET_KEY", "DEBUG", "CASINO_ENV", "DJANGO_SETTINGS_MODULE"}
    }
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**clean, "DJANGO_SETTINGS_MODULE": "casino.settings", **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_without_debug_the_server_refuses_to_start_on_the_default_secret_key() -> None:
    for given in ({}, {"SECRET_KEY": INSECURE}, {"SECRET_KEY": ""}):
        result = _manage("check", **given)
        assert result.returncode != 0, given
        assert "ImproperlyConfigured: SECRET_KEY is unset" in result.stderr, result.stderr


def test_a_development_machine_in_debug_mode_may_use_it() -> None:
    result = _manage("check", DEBUG="true")
    assert result.returncode == 0, result.stderr


def test_the_production_settings_pass_check_deploy_without_a_warning() -> None:
    result = _manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        CASINO_ENV="production",
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS="casino.example",
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout


def test_production_refuses_debug_mode() -> None:
    result = _manage(
        "check", CASINO_ENV="production", DEBUG="true", SECRET_KEY=secrets.token_urlsafe(50)
    )
    assert result.returncode != 0
    assert "DEBUG must be off" in result.stderr


def test_the_local_stack_makes_a_secret_key_once_and_keeps_it(tmp_path: Path) -> None:
    stack = stack_module()
    made = stack.local_secret_key(tmp_path, {})
    key = made["SECRET_KEY"]
    assert len(key) >= 50 and key != INSECURE
    assert stat.S_IMODE((tmp_path / "secret-key").stat().st_mode) == 0o600
    assert stack.local_secret_key(tmp_path, {}) == made
    # One given by the environment is used as it is.
    assert stack.local_secret_key(tmp_path, {"SECRET_KEY": "given"}) == {}
