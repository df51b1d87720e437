"""A headless Chromium for the browser tests, installed by the project itself.

Playwright's own browser download comes from a CDN this project cannot count on; the npm package
``@sparticuz/chromium`` carries a compressed Chromium inside the package, from the npm registry,
and needs only the C libraries every machine image has. It is installed under ``.local/browser``
(once: about 2 s to install and 2 s to decompress) and driven by the pip ``playwright`` package
through ``executable_path``. Node 20 is needed; the versions are pinned together (147.0.0 is the
newest release that declares Node >= 20.11).
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = "@sparticuz/chromium@147.0.0"
HOME = ROOT / ".local" / "browser"
#: Where the package decompresses Chromium (its ``TMPDIR``): kept, so it happens once.
EXTRACTED = HOME / "extracted"
EXECUTABLE = EXTRACTED / "chromium"

#: Flags for a container without a display, GPU or sandbox, and nothing fetched in the
#: background while a test runs.
LAUNCH_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def chromium_executable() -> Path:
    """The Chromium binary, installed and decompressed first if it is not there yet.

    :raises RuntimeError: when Node is missing or the install fails (its output attached).
    """
    if EXECUTABLE.exists():
        return EXECUTABLE
    npm, node = shutil.which("npm"), shutil.which("node")
    if npm is None or node is None:
        raise RuntimeError("the browser tests need Node 20 (npm and node on the PATH)")
    EXTRACTED.mkdir(parents=True, exist_ok=True)
    _run([npm, "install", "--prefix", str(HOME), "--no-audit", "--no-fund", "--no-save", PACKAGE])
    script = (
        'import("@sparticuz/chromium").then(async m => '
        "console.log(await m.default.executablePath()))"
    )
    _run([node, "-e", script], cwd=HOME, env={**os.environ, "TMPDIR": str(EXTRACTED)})
    if not EXECUTABLE.exists():
        raise RuntimeError(f"{PACKAGE} did not decompress Chromium to {EXECUTABLE}")
    return EXECUTABLE


def _run(command: list[str], **options: object) -> None:
    done = subprocess.run(command, capture_output=True, text=True, **options)  # type: ignore[call-overload]
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(command[:3])} failed:\n{done.stdout}\n{done.stderr}")
