"""The envelope of a dealer action is read as its serializer reads it, whatever the body.

``read_envelope`` takes the plain body a tablet sends without building a serializer; any
other body goes through ``ActionEnvelopeInputSerializer``. The two must agree on every body:
the same values, or the same refusal.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rest_framework.exceptions import ValidationError

from tables.api.views import ActionEnvelopeInputSerializer, read_envelope


def _by_serializer(body: Any) -> tuple[int, str] | dict[str, Any]:
    serializer = ActionEnvelopeInputSerializer(data=body)
    if not serializer.is_valid():
        return dict(serializer.errors)
    return serializer.validated_data["expected_event"], serializer.validated_data["action"]


def _by_envelope(body: Any) -> tuple[int, str] | dict[str, Any]:
    try:
        return read_envelope(body)
    except ValidationError as error:
        return dict(error.detail)  # type: ignore[arg-type]


EXPECTED = st.one_of(
    st.integers(min_value=-5, max_value=2**64),
    st.integers(min_value=0, max_value=50).map(str),
    st.booleans(),
    st.none(),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=5),
)
ACTION = st.one_of(
    st.sampled_from(["bet", "fold", "deal_box", "note", "place_wagers"]),
    st.text(max_size=45),
    st.sampled_from([" bet", "bet ", "be\x00t", "", "x" * 40, "x" * 41, "\ud800", "ставка"]),
    st.integers(),
    st.none(),
)


@settings(max_examples=500, deadline=None)
@given(expected=EXPECTED, action=ACTION, extra=st.booleans())
def test_the_envelope_is_read_as_its_serializer_reads_it(
    expected: Any, action: Any, extra: bool
) -> None:
    body: dict[str, Any] = {"expected_event": expected, "action": action}
    if extra:
        body["box"] = 1
    assert _by_envelope(body) == _by_serializer(body)


@pytest.mark.parametrize(
    "body",
    [
        {"expected_event": 3, "action": "bet", "box": 1},
        {"expected_event": 0, "action": "note", "text": "shuffle"},
        {"expected_event": "3", "action": "bet"},
        {"expected_event": True, "action": "bet"},
        {"expected_event": -1, "action": "bet"},
        {"expected_event": 2**63, "action": "bet"},
        {"expected_event": 3, "action": " bet"},
        {"expected_event": 3, "action": "be\x00t"},
        {"expected_event": 3},
        {"action": "bet"},
        [],
        None,
    ],
)
def test_plain_and_odd_bodies(body: Any) -> None:
    assert _by_envelope(body) == _by_serializer(body)
