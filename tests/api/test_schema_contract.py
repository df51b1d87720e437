"""The OpenAPI schema tells the truth: every operation documents its refusals with the ``Error``
component, the action body says which fields go with which action, and the API, driven by
schemathesis in every role, answers only what the schema documents, never a server error.

schemathesis drives the WSGI application in the test's own process and transaction rather than
a live server: the requests run on the test's database connection, so the floor set up here is
what they see, each role's run is rolled back with its test, and no server thread or flush of
the database is needed. The database and Redis are the real ones all the same.
"""

from __future__ import annotations

import copy
import datetime as dt
import re
import sys
from collections.abc import Callable, Iterator
from typing import Any

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from openapi_schema_validator import OAS31Validator
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    response_schema_conformance,
    status_code_conformance,
)

from audit.services.reports.build import report_request
from casino.api.schema import NOT_BLANK
from casino.core.errors import HTTP_STATUS
from casino.identity.models import DeviceToken, hash_token
from casino.wsgi import application
from tables.api.actions import ACTION_INPUTS
from tables.engines import GAMES
from tables.models import Table
from tables.services.rounds import NOTE, round_open
from tests.audit.factories import decided_correction
from tests.schema import openapi_schema

ERROR_REF = "#/components/schemas/Error"
OPERATIONS = [
    (path, method, operation)
    for path, methods in openapi_schema()["paths"].items()
    for method, operation in methods.items()
]

# -- what the schema says -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "method", "operation"),
    OPERATIONS,
    ids=[f"{method.upper()} {path}" for path, method, _ in OPERATIONS],
)
def test_every_operation_documents_its_refusals_with_the_error_component(
    path: str, method: str, operation: dict[str, Any]
) -> None:
    responses = operation["responses"]
    refusals = {status: r for status, r in responses.items() if status.startswith("4")}
    assert refusals, f"{method.upper()} {path} documents no refusal"
    for status, response in refusals.items():
        assert response["content"] == {"application/json": {"schema": {"$ref": ERROR_REF}}}
        # Every code the description names is a code of that status.
        named = [part.strip("`") for part in response["description"].split() if "`" in part]
        for code in (name.rstrip(".,`") for name in named):
            if code != "Error":
                assert HTTP_STATUS[code] == int(status), (path, method, code, status)
    if "{" in path:
        assert "404" in refusals
    if method != "get":
        assert "413" in refusals
    if "requestBody" in operation:
        assert {"400", "415"} <= set(refusals)


def test_the_assignment_documents_the_201_it_answers() -> None:
    responses = openapi_schema()["paths"]["/api/v1/tables/{table_id}/assignment/"]["post"]
    assert "201" in responses["responses"]
    assert "200" not in responses["responses"]


def _components() -> dict[str, Any]:
    return openapi_schema()["components"]["schemas"]  # type: ignore[no-any-return]


def _action_body() -> dict[str, Any]:
    operation = openapi_schema()["paths"]["/api/v1/rounds/{round_id}/actions/"]["post"]
    ref = operation["requestBody"]["content"]["application/json"]["schema"]["$ref"]
    return _components()[ref.rsplit("/", 1)[-1]]  # type: ignore[no-any-return]


def test_the_action_body_is_discriminated_by_action_for_every_action_of_every_game() -> None:
    body = _action_body()
    assert body["discriminator"]["propertyName"] == "action"
    mapping = body["discriminator"]["mapping"]
    every_action = {NOTE} | {name for game in GAMES.values() for name in game.actions}
    assert set(mapping) == every_action
    assert sorted(s["$ref"] for s in body["oneOf"]) == sorted(set(mapping.values()))
    for action, ref in mapping.items():
        target = _components()[ref.rsplit("/", 1)[-1]]
        # An action whose fields differ between games: any of the games' bodies (the round's
        # game decides which).
        assert "oneOf" not in target
        members = [_components()[m["$ref"].rsplit("/", 1)[-1]] for m in target.get("anyOf", [])]
        for member in members or [target]:
            assert member["properties"]["action"] == {"type": "string", "enum": [action]}
            assert member["additionalProperties"] is False
            assert {"expected_event", "action"} <= set(member["required"])


def _validator() -> OAS31Validator:
    return OAS31Validator(
        {
            "$ref": "#/components/schemas/RoundActionRequest",
            "components": {"schemas": _components()},
        }
    )


@pytest.mark.parametrize(
    ("body", "valid"),
    [
        ({"expected_event": 0, "action": "note", "text": "jam"}, True),
        ({"expected_event": 0, "action": "fold", "box": 2}, True),
        ({"expected_event": 0, "action": "fold", "seat": 2}, True),
        ({"expected_event": 0, "action": "fold", "box": 2, "seat": 2}, False),
        ({"expected_event": 0, "action": "fold", "text": "jam"}, False),
        ({"expected_event": 0, "action": "note", "box": 2}, False),
        ({"expected_event": 0, "action": "expose_card", "card": "As"}, True),
        ({"expected_event": 0, "action": "juggle"}, False),
        ({"expected_event": 0, "action": {}}, False),
    ],
    ids=[
        "note",
        "russian-fold",
        "rubyrun-fold",
        "fold-with-both",
        "fold-with-note-field",
        "note-with-box",
        "expose-card-in-every-game",
        "unknown-action",
        "action-object",
    ],
)
def test_the_action_body_matches_exactly_the_bodies_of_its_action(
    body: dict[str, Any], valid: bool
) -> None:
    assert _validator().is_valid(body) is valid


def test_every_action_serializer_body_is_valid_against_the_schema() -> None:
    """A minimal body of each action of each game, from its serializer's required fields, is
    valid against the union (one action's body, of one game or several)."""
    samples = {"MoneyField": "10.00", "CardField": "As", "CharField": "x", "BooleanField": True}
    for inputs in ACTION_INPUTS.values():
        for name, serializer in inputs.items():
            body: dict[str, Any] = {"expected_event": 0, "action": name}
            for field_name, field in serializer().fields.items():
                if field.required and field_name not in body:
                    kind = type(field).__name__
                    if kind == "CardListField":
                        count = max(field.min_length or 1, 1)
                        body[field_name] = ["As", "Kd", "Qh", "Jc", "Ts", "9h", "8d"][:count]
                    elif kind == "StacksField":
                        body[field_name] = {"1": "100.00", "2": "100.00"}
                    elif kind == "ChoiceField":
                        body[field_name] = next(iter(field.choices))
                    elif kind == "IntegerField":
                        body[field_name] = max(field.min_value or 1, 1)
                    else:
                        body[field_name] = samples.get(kind, "x")
            errors = list(_validator().iter_errors(body))
            assert not errors, (name, body, [e.message for e in errors[:3]])


def _component_validator(name: str) -> OAS31Validator:
    return OAS31Validator(
        {"$ref": f"#/components/schemas/{name}", "components": {"schemas": _components()}}
    )


def test_the_action_body_may_not_be_left_out() -> None:
    operation = openapi_schema()["paths"]["/api/v1/rounds/{round_id}/actions/"]["post"]
    assert operation["requestBody"]["required"] is True


@pytest.mark.parametrize(
    ("amount", "valid"),
    [
        ("10", True),
        ("10.5", True),
        ("999999999999.99", True),
        ("", False),
        ("-1", False),
        ("1e3", False),
        ("10.", False),
        (" 10", False),
        ("1000000000000", False),
        (10, False),
        (10.5, False),
    ],
)
def test_money_is_published_as_exactly_the_strings_the_api_takes(amount: Any, valid: bool) -> None:
    body = {"ante_max": amount, "reason": "r"}
    assert _component_validator("LimitsInputRequest").is_valid(body) is valid


def test_text_with_a_nul_or_only_white_space_is_published_as_refused() -> None:
    validator = _component_validator("NoteInputRequest")
    assert validator.is_valid({"expected_event": 0, "action": "note", "text": "a jam"})
    assert not validator.is_valid({"expected_event": 0, "action": "note", "text": "a\u0000b"})
    assert not validator.is_valid({"expected_event": 0, "action": "note", "text": "   "})


def test_a_nullable_json_value_may_be_null() -> None:
    before = _components()["AuditRecordOutput"]["properties"]["before"]
    assert OAS31Validator(before).is_valid(None)
    assert OAS31Validator(before).is_valid({"ante_max": "100.00"})


# -- what the API does about what the schema says --------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("amount", [300, 300.0, "1e3", "300.", " 300"])
def test_money_that_is_not_a_decimal_string_is_refused_and_changes_nothing(
    client_for: Callable[[str | None], Any], floor: dict[str, Any], amount: Any
) -> None:
    table = floor["table"]
    before = Table.objects.values().get(pk=table.pk)
    response = client_for("pit_boss").post(
        f"/api/v1/tables/{table.pk}/limits/", {"ante_max": amount, "reason": "r"}, format="json"
    )
    assert response.status_code == 400, response.content
    assert response.json()["error"]["code"] == "invalid_input"
    assert response.json()["error"]["details"]["fields"]["ante_max"][0]["code"] == "invalid"
    assert Table.objects.values().get(pk=table.pk) == before


@pytest.mark.django_db
def test_an_empty_query_parameter_is_refused_not_ignored(
    client_for: Callable[[str | None], Any],
) -> None:
    response = client_for("auditor").get("/api/v1/audit/records/?stream=&limit=5")
    assert response.status_code == 400, response.content
    error = response.json()["error"]
    assert error["code"] == "invalid_input"
    assert error["details"]["fields"] == {
        "stream": [{"code": "blank", "message": "This field may not be blank."}]
    }


def test_a_field_that_refuses_blank_names_the_white_space_drf_trims() -> None:
    """A pattern is read by the client as ECMA-262's: one written with ``\\s`` would allow, as
    not blank, values DRF trims to nothing (U+001E, ...). The class is written out, and is
    exactly what Python's ``str.strip`` takes away."""
    assert "\\s" not in NOT_BLANK
    pattern = re.compile(NOT_BLANK)
    wrong = [
        hex(code)
        for code in range(1, sys.maxunicode + 1)
        if bool(pattern.fullmatch(chr(code))) != (chr(code).strip() != "")
    ]
    assert wrong == []


# -- what the API does, for every role ------------------------------------------------------

#: Who sends the examples: the signed-in roles take each example in turn (hypothesis draws it
#: once for them all, which is most of the run's time), and anonymous requests run apart, as
#: most of them are refused unread and need few examples.
SITTINGS = {
    "signed-in": ("admin", "pit_boss", "auditor", "dealer"),
    "anonymous": (None,),
}
#: Each sitting's operations are shared out among this many tests (every third operation in
#: the schema's order to each), which the suite's workers run side by side: one test of every
#: operation in four roles was the longest of the suite by minutes.
SHARDS = {"signed-in": 3, "anonymous": 1}
SITTING_SHARDS = [
    pytest.param(sitting, shard, id=f"{sitting}-{shard + 1}-of-{SHARDS[sitting]}")
    for sitting in SITTINGS
    for shard in range(SHARDS[sitting])
]

#: Each operation's examples, per generation mode and role.
MAX_EXAMPLES = 20
#: The examples sent without credentials to an operation that requires them: the refusal
#: (401) comes before anything of the request but its path is read, so a few, with existing and
#: random path parameters, show it for every input the schema allows or forbids.
REFUSED_UNREAD_EXAMPLES = 4
#: A path parameter the URL patterns route (``<int:...>``).
ROUTED_ID = re.compile(r"[0-9]+")

#: The refusals that say the request is malformed, which no request the schema allows may get:
#: a refusal about the state of things (a stale event, a card seen twice, limits that do not
#: fit together) may answer any well-formed request.
MALFORMED = {"invalid_input", "unknown_field", "parse_error", "nesting_too_deep"}


def valid_requests_are_not_refused_as_malformed(ctx: Any, response: Any, case: Any) -> None:
    """A request generated as valid and refused as malformed: the schema says less than the
    API checks."""
    if case.meta is None or not case.meta.generation.mode.is_positive:
        return
    if response.status_code == 400:
        error = response.json()["error"]
        assert error["code"] not in MALFORMED, f"valid request refused: {error}"


CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    valid_requests_are_not_refused_as_malformed,
]


@pytest.fixture
def wsgi_requests_keep_the_test_connection() -> Iterator[None]:
    """Django closes a connection in a transaction at each request's end; the test's (with its
    floor and its rollback) must stay open, as Django's own test client arranges."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    try:
        yield
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)


@pytest.fixture
def known_ids(
    audit_floor: dict[str, Any],
    users: dict[str, Any],
    play_rp01: Callable[[Any], Any],
    gaming_day: dt.date,
) -> dict[str, list[int]]:
    """Ids of objects that exist, per path parameter, for the examples to name beside random
    ones: a round played and settled through the dealer's API at the dealer's table with a void
    requested, the next round open there, and a report queued."""
    table, other = audit_floor["table"], audit_floor["other_table"]
    settled = play_rp01(table)
    opened = round_open(table_id=table.pk, dealer=users["dealer"])
    correction = decided_correction(
        settled, kind="void", requested_by=users["pit_boss"], decided_by=None, decided_day=None
    )
    report = report_request(actor=users["auditor"], gaming_day=gaming_day)
    return {
        "table_id": [table.pk, other.pk, audit_floor["RR-1"].pk],
        "round_id": [opened.pk, settled.pk],
        "correction_id": [correction.pk],
        "report_id": [report.pk],
        "rule_set_id": [table.rule_set_id],
    }


def _headers(users: dict[str, Any], role: str | None) -> dict[str, str]:
    if role is None:
        return {}
    key = DeviceToken.new_key()
    DeviceToken.objects.create(
        user=users[role], device_name=f"schemathesis-{role}", key_digest=hash_token(key)
    )
    return {"Authorization": f"Token {key}"}


# slow: minutes on this machine, and nothing in it depends on the hour (the objects it names
# are made at the test's own instant), so make test-clock leaves it to make test.
@pytest.mark.slow
@pytest.mark.django_db
@pytest.mark.parametrize(("sitting", "shard"), SITTING_SHARDS)
def test_the_api_answers_only_what_its_schema_documents(
    sitting: str,
    shard: int,
    users: dict[str, Any],
    known_ids: dict[str, list[int]],
    wsgi_requests_keep_the_test_connection: None,
) -> None:
    """Positive examples must get a documented status with a conforming body and never a 5xx;
    negative ones (bodies and parameters the schema forbids) must also be refused (4xx), in
    every role. This test sends the ``shard``-th of every ``SHARDS[sitting]`` operations."""
    schema = schemathesis.openapi.from_dict(openapi_schema())
    senders = {role: _headers(users, role) for role in SITTINGS[sitting]}
    failures: list[str] = []
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) >= SHARDS[sitting]  # every shard has operations to send
    for operation in operations[shard :: SHARDS[sitting]]:
        # An operation that takes nothing (but the credentials) has no invalid input to send.
        takes = [*operation.path_parameters, *operation.query, *operation.body] + [
            header for header in operation.headers if header.name != "Authorization"
        ]
        modes = [GenerationMode.POSITIVE] + [GenerationMode.NEGATIVE] * bool(takes)
        refused_unread = senders.keys() == {None} and _requires_credentials(operation)
        examples = REFUSED_UNREAD_EXAMPLES if refused_unread else MAX_EXAMPLES
        for mode in modes:
            try:
                _exercise(
                    operation,
                    mode,
                    senders=senders,
                    known_ids=known_ids,
                    examples=examples,
                    refused_unread=refused_unread,
                )
            except (Exception, BaseExceptionGroup) as exc:  # every operation is tried
                notes = "\n".join(getattr(exc, "__notes__", []))
                failures.append(f"{operation.label} [{mode.value}]: {exc}\n{notes}"[:3000])
    assert not failures, "\n\n".join(failures)


def _requires_credentials(operation: Any) -> bool:
    """Whether the schema says ``operation`` answers only a request with credentials (an
    operation open to anyone lists the empty requirement, ``{}``)."""
    declared = openapi_schema()["paths"][operation.path][operation.method.lower()]
    return {} not in declared.get("security", [{}])


def _exercise(
    operation: Any,
    mode: GenerationMode,
    *,
    senders: dict[str | None, dict[str, str]],
    known_ids: dict[str, list[int]],
    examples: int = MAX_EXAMPLES,
    refused_unread: bool = False,
) -> None:
    """Send ``operation`` its examples of ``mode``, each from every sender in turn (a role and
    its credential headers); raise the first failure of a check, with the role that met it.

    A positive example names, half the time or so, an object that exists (its path parameters
    from ``known_ids``), so that the operation gets past ``not_found``. A negative example is
    sent as generated, and must be refused.
    """
    checks = CHECKS if mode is GenerationMode.POSITIVE else [*CHECKS, negative_data_rejection]
    names = [parameter.name for parameter in operation.path_parameters]
    existing = st.fixed_dictionaries(
        {name: st.sampled_from([None, *known_ids.get(name, [])]) for name in names}
    )

    @settings(
        max_examples=examples,
        deadline=None,
        database=None,
        derandomize=True,
        suppress_health_check=list(HealthCheck),
    )
    @given(case=operation.as_strategy(generation_mode=mode), ids=existing)
    def exercise(case: Any, ids: dict[str, int | None]) -> None:
        if mode is GenerationMode.POSITIVE:
            case.path_parameters.update({k: v for k, v in ids.items() if v is not None})
        for role, headers in senders.items():
            try:
                response = case.call_and_validate(app=application, headers=headers, checks=checks)
            except BaseException as failure:
                failure.add_note(f"sent as {role or 'anonymous'}")
                raise
            if refused_unread:
                # Refused for want of credentials; a path whose ids are not all digits (a
                # negative number, or one the schema forbids) is not routed at all, and a format
                # the schema forbids is not found (DRF negotiates the format before it
                # authenticates).
                routed = all(ROUTED_ID.fullmatch(str(v)) for v in case.path_parameters.values())
                unknown_format = mode is GenerationMode.NEGATIVE and "format" in (case.query or {})
                allowed = {401} if routed and not unknown_format else {401, 404}
                sent = (case.path_parameters, case.query, case.headers)
                assert response.status_code in allowed, (response.status_code, response.text, sent)

    exercise()


@pytest.mark.django_db
def test_the_run_fails_on_a_status_the_schema_does_not_document(
    users: dict[str, Any],
    known_ids: dict[str, list[int]],
    wsgi_requests_keep_the_test_connection: None,
) -> None:
    """The checks can fail: with the refusals of the action endpoint left out of the schema,
    the dealer's run reports their statuses as undocumented."""
    raw = copy.deepcopy(openapi_schema())
    path = "/api/v1/rounds/{round_id}/actions/"
    for status in ("400", "409", "422"):
        del raw["paths"][path]["post"]["responses"][status]
    raw["paths"] = {path: raw["paths"][path]}
    schema = schemathesis.openapi.from_dict(raw)
    (operation,) = [result.ok() for result in schema.get_all_operations()]
    with pytest.raises(BaseExceptionGroup) as failed:
        _exercise(
            operation,
            GenerationMode.POSITIVE,
            senders={"dealer": _headers(users, "dealer")},
            known_ids=known_ids,
        )
    assert "Undocumented status code" in str(failed.value)
