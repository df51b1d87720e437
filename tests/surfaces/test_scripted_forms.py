"""The pages' forms that their scripts send: served with their submit buttons disabled, for the
script to enable (``takeSubmissions`` in ``common/dom.js``).

A form on screen before its module has run would otherwise be sent as plain HTML by a quick tap:
the page reloaded with its fields in the address, nothing done (the tablet left unpaired). The
browser tests check the script's side (the buttons enabled, two taps sending once); this checks
that no scripted form of any page is served without the guard.
"""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

import pytest

TEMPLATES = Path(__file__).resolve().parents[2] / "casino/surfaces/templates/surfaces"

# Scripted forms whose plain submission is harmless, and why.
PLAIN_SUBMISSION_HARMLESS = {
    # The search's filters are the page's address: sent as plain HTML, the reloaded page reads
    # them and searches, as the script would have.
    "search",
}


class _Forms(HTMLParser):
    """Each form's id, whether it says how to submit itself (``method``), and its submit
    buttons' attributes."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[tuple[str, bool, list[dict[str, str | None]]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "form":
            self.forms.append((found.get("id") or "", "method" in found, []))
        elif tag == "button" and found.get("type", "submit") == "submit" and self.forms:
            self.forms[-1][2].append(found)


def _scripted_forms() -> list[tuple[str, str, list[dict[str, str | None]]]]:
    scripted = []
    for template in sorted(TEMPLATES.glob("*.html")):
        parser = _Forms()
        parser.feed(template.read_text())
        for form_id, has_method, buttons in parser.forms:
            if not has_method:
                scripted.append((template.name, form_id, buttons))
    return scripted


def test_the_pages_have_scripted_forms_to_check() -> None:
    assert {form_id for _, form_id, _ in _scripted_forms()} >= {"pair", "verify", "search"}


@pytest.mark.parametrize(
    ("template", "form_id", "buttons"),
    [
        pytest.param(*form, id=f"{form[0]}#{form[1]}")
        for form in _scripted_forms()
        if form[1] not in PLAIN_SUBMISSION_HARMLESS
    ],
)
def test_a_scripted_form_s_submit_buttons_wait_for_its_script(
    template: str, form_id: str, buttons: list[dict[str, str | None]]
) -> None:
    assert buttons, f"{template}: form #{form_id} has no submit button"
    for button in buttons:
        assert "disabled" in button and "data-needs-script" in button, (template, form_id, button)
