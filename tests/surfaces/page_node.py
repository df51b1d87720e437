"""The pages' common scripts run by Node as a browser runs them, in a page's language: the
words element the page carries (``casino.surfaces.words.script_catalogue``) given, the language
set, and what a test's script prints read back."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from casino.surfaces.words import script_catalogue

COMMON = Path(__file__).resolve().parents[2] / "casino/surfaces/static/surfaces/common"


def run_module(script: str) -> Any:
    """Runs ``script`` (an ES module that prints one JSON value with ``console.log``) by Node;
    answers the printed value. The script goes on standard input: with every language's
    catalogue in it, it is longer than one command-line argument may be."""
    node = shutil.which("node")
    if node is None:
        pytest.fail("this test needs Node (node on the PATH), as the browser tests do")
    done = subprocess.run(
        [node, "--input-type=module"],
        input=script,
        capture_output=True,
        text=True,
        check=False,
        timeout=30,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def run_in_language(language: str, modules: tuple[str, ...], body: str) -> Any:
    """Runs ``body`` (JavaScript that prints one JSON value with ``console.log``) with
    ``i18n`` and each of ``modules`` (names of ``common/*.js``) imported under their names,
    the page's language set to ``language``; answers the printed value."""
    words = json.dumps(script_catalogue(language))
    imports = "\n".join(
        f"const {name} = await import({json.dumps((COMMON / f'{name}.js').as_uri())});"
        for name in ("i18n", *modules)
    )
    script = f"""
globalThis.document = {{
  getElementById: (id) => (id === "words" ? {{ textContent: {json.dumps(words)} }} : null),
  documentElement: {{}},
  querySelectorAll: () => [],
}};
{imports}
i18n.setLanguage({json.dumps(language)});
{body}
"""
    return run_module(script)
