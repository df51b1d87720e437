"""Evidence packages: a settled round, or a table's gaming day, exported as one signed file that
verifies on its own, by the pure function and by the command run without Django or a database,
naming each dealer with the qualification and rotation plan slot in force when they dealt (a
package of the earlier format, without them, still verifying); and every kind of tampering
fails at the check that proves it: one byte changed, one event changed (re-signed with another
key or not), a row removed from the chain, a wrong public key, a forged audit path, a
settlement the engine does not reproduce."""

from __future__ import annotations

import copy
import datetime as dt
import io
import json
import os
import subprocess
import sys
from collections.abc import Callable
from decimal import Decimal as D
from pathlib import Path
from typing import Any

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from django.core.management import CommandError, call_command
from django.db import transaction

from audit.evidence.document import canonical, package_bytes, package_sign
from audit.evidence.replay import SERVICE_EVENT_KINDS, replay_problems
from audit.evidence.verify import CHECKS, main, verify_package
from audit.models import Checkpoint
from audit.sealing.signing import public_pem
from audit.sealing.sinks import FolderSink
from audit.services.checkpoints import signing_key, trusted_public_key
from audit.services.evidence import evidence_round_export, evidence_table_day_export
from casino.core.audit_codes import AuditCode
from casino.core.errors import ApiError
from casino.core.models import AuditRecord
from casino.core.trail.canonical import row_hash
from casino.core.trail.recording import audit_record
from casino.identity.models import Qualification
from payouts.services.corrections import LineInput, correction_approve, correction_request
from payouts.services.settlement import round_settle
from tables.engines import CORE_EVENT_KINDS, validate_rule_settings
from tables.models import Game, Round, RuleSet
from tables.services.rounds import round_act, round_open
from tests.audit.factories import one_table_plan, retracted_round

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def outside(settings: Any, tmp_path: Path) -> FolderSink:
    """This test's own place outside the database for its checkpoints."""
    settings.AUDIT_CHECKPOINTS = {**settings.AUDIT_CHECKPOINTS, "TARGET": str(tmp_path / "out")}
    return FolderSink(tmp_path / "out")


@pytest.fixture
def site_pem() -> bytes:
    """The site's public key, as it publishes it."""
    return public_pem(trusted_public_key()).encode()


@pytest.fixture
def corrected_floor(
    outside: FolderSink,
    audit_floor: dict[str, Any],
    users: dict[str, Any],
    make_user: Callable[..., Any],
    play_rp01: Callable[[Any], Round],
) -> dict[str, Any]:
    """Two rounds settled at RP-1, then a payout correction of the first, requested by the
    dealer and approved by the pit boss: the first round's rows are split by the second's; and
    a row at the other table."""
    table = audit_floor["table"]
    first = play_rp01(table)
    second = play_rp01(table)
    correction = correction_request(
        round_id=first.pk,
        actor=users["dealer"],
        kind="payout_correction",
        reason="bet paid short",
        lines=[LineInput(box=1, line="bet", amount=D("10"))],
    )
    correction_approve(correction_id=correction.pk, actor=users["pit_boss"], note="seen on video")
    # Another table's stream, so that a checkpoint seals more than one head.
    with transaction.atomic():
        audit_record(
            event_code=AuditCode.TABLE_CHANGED,
            actor=users["admin"],
            table=audit_floor["other_table"],
            after={"note": "a neighbour"},
        )
    return {**audit_floor, "first": first, "second": second, "correction": correction}


def load(content: bytes) -> dict[str, Any]:
    return json.loads(content)  # type: ignore[no-any-return]


def resign(package: dict[str, Any], key: Ed25519PrivateKey | None = None) -> bytes:
    """``package`` signed again, by the site's key unless another is given."""
    return package_bytes(package_sign(package, key or signing_key()))


def failed(content: bytes, pem: bytes | None) -> list[str]:
    return verify_package(content, public_key_pem=pem).failed


# -- packages that verify ---------------------------------------------------------------------


def test_a_settled_round_with_its_correction_verifies(
    corrected_floor: dict[str, Any], site_pem: bytes, users: dict[str, Any]
) -> None:
    first, second = corrected_floor["first"], corrected_floor["second"]
    assert not Checkpoint.objects.exists()
    export = evidence_round_export(round_id=first.pk, actor=users["auditor"])

    # No checkpoint covered the rows: one was sealed for the export, and written outside.
    assert export.sealed is True
    assert Checkpoint.objects.count() == 1
    outcome = verify_package(export.content, public_key_pem=site_pem)
    assert [check.name for check in outcome.checks] == list(CHECKS)
    assert outcome.ok, outcome.checks
    package = load(export.content)
    assert package["kind"] == "round"
    (round,) = package["rounds"]
    assert [e["kind"] for e in round["events"]][:2] == ["wagers_placed", "bets_closed"]
    assert round["settlement"]["staked"] == "30.00"
    assert round["settlement"]["returned"] == "50.00"
    (correction,) = round["corrections"]
    assert correction["status"] == "approved"
    assert correction["decided_by"]["username"] == "pit_boss"
    assert correction["lines"] == [{"box": 1, "line": "bet", "amount": "10.00"}]
    # The chain runs through the other round's rows, which it needs, to the sealed head.
    assert second.pk in {record["round_id"] for record in package["records"]}
    codes = [r["event_code"] for r in package["records"] if r["round_id"] == first.pk]
    assert codes[0] == AuditCode.ROUND_OPENED
    assert AuditCode.CORRECTION_APPROVED in codes
    # The export is in the trail: who, what, and the file's digest.
    row = AuditRecord.objects.get(event_code=AuditCode.EVIDENCE_EXPORTED)
    assert row.actor_id == users["auditor"].pk
    assert row.round_id == first.pk
    assert row.after["sha256"] == export.sha256
    assert row.after["checkpoint"] == export.checkpoint
    assert row.after["sealed_for_export"] is True


def test_an_export_rests_on_the_checkpoint_that_covers_it_without_sealing_again(
    corrected_floor: dict[str, Any], site_pem: bytes, users: dict[str, Any]
) -> None:
    first = corrected_floor["first"]
    evidence_round_export(round_id=first.pk, actor=users["auditor"])
    again = evidence_round_export(round_id=first.pk, actor=users["pit_boss"])
    assert again.sealed is False
    assert Checkpoint.objects.count() == 1
    assert verify_package(again.content, public_key_pem=site_pem).ok
    # The first export's row lies in the range of the second, and chains like any other.
    codes = [r["event_code"] for r in load(again.content)["records"]]
    assert AuditCode.EVIDENCE_EXPORTED not in codes  # it follows the sealed head


def test_a_tables_day_verifies_by_the_function_and_by_the_command_without_a_database(
    corrected_floor: dict[str, Any], site_pem: bytes, users: dict[str, Any], tmp_path: Path
) -> None:
    table, first, second = (
        corrected_floor["table"],
        corrected_floor["first"],
        corrected_floor["second"],
    )
    export = evidence_table_day_export(
        table_id=table.pk, gaming_day=first.gaming_day, actor=users["auditor"]
    )
    package = load(export.content)
    assert [round["id"] for round in package["rounds"]] == [first.pk, second.pk]
    assert verify_package(export.content, public_key_pem=site_pem).ok

    path, key = tmp_path / "day.json", tmp_path / "site.pem"
    path.write_bytes(export.content)
    key.write_bytes(site_pem)
    result = run_verifier(path, "--public-key", key)
    assert result.returncode == 0, result.stdout + result.stderr
    lines = result.stdout.splitlines()
    for name in CHECKS:
        assert any(line.split()[:2] == ["OK", name] for line in lines), (name, lines)
    assert lines[-1] == "evidence package VERIFIED"

    # The same command fails, exit status 1, on one byte changed.
    path.write_bytes(export.content.replace(b'"returned":"50.00"', b'"returned":"60.00"', 1))
    result = run_verifier(path, "--public-key", key)
    assert result.returncode == 1, result.stdout
    assert any(
        line.split()[:2] == ["FAILED", "package_signature"] for line in result.stdout.splitlines()
    )
    assert result.stdout.splitlines()[-1] == "evidence package NOT VERIFIED"


SHIFT = dt.datetime(2027, 3, 10, 14, 0, tzinfo=dt.UTC)


def test_each_round_names_its_dealers_with_the_qualification_and_plan_slot_then(
    outside: FolderSink,
    audit_floor: dict[str, Any],
    users: dict[str, Any],
    play_rp01: Callable[[Any], Round],
    site_pem: bytes,
    time_machine: Any,
) -> None:
    """The plan puts the dealer at RP-1 for the hour: the round dealt in it names them with
    their qualification and that slot, in the round's package and the table's day; dealers
    named with events they did not record fail the check that binds the rounds."""
    table, dealer = audit_floor["table"], users["dealer"]
    time_machine.move_to(SHIFT - dt.timedelta(minutes=30), tick=False)
    plan = one_table_plan(table=table, dealers=[dealer], start=SHIFT, actor=users["pit_boss"])
    time_machine.move_to(SHIFT + dt.timedelta(minutes=10), tick=False)
    round = play_rp01(table)
    time_machine.move_to(SHIFT + dt.timedelta(minutes=15), tick=False)
    held = Qualification.objects.get(dealer=dealer, game=round.game)
    [string] = plan.strings

    export = evidence_round_export(round_id=round.pk, actor=users["auditor"])
    day = evidence_table_day_export(
        table_id=table.pk, gaming_day=round.gaming_day, actor=users["auditor"]
    )

    package = load(export.content)
    assert package["format"] == 2
    named = {
        "dealer": {"id": dealer.pk, "username": "dealer"},
        "events": [1, 2, 3, 4, 5, 6],
        "qualification": {
            "id": held.pk,
            "game": "russian_poker",
            "evidence_kind": held.evidence_kind,
            "evidence_reference": held.evidence_reference,
            "qualified_on": held.qualified_on.isoformat(),
            "expires_on": None,
        },
        "slot": {
            "plan": plan.pk,
            "version": 1,
            "string": string["name"],
            "place": str(table.pk),
            "table": {"id": table.pk, "code": "RP-1"},
            # As the package writes every time: in UTC, to the microsecond.
            "start": "2027-03-10T14:00:00.000000Z",
            "end": "2027-03-10T15:00:00.000000Z",
        },
    }
    assert package["rounds"][0]["dealers"] == [named]
    assert [r["dealers"] for r in load(day.content)["rounds"]] == [[named]]
    for content in (export.content, day.content):
        outcome = verify_package(content, public_key_pem=site_pem)
        assert outcome.ok, outcome.checks

    # Re-signed by the site's own key, dealers named against the events fail the binding.
    wrong = copy.deepcopy(package)
    wrong["rounds"][0]["dealers"][0]["events"] = [1, 2, 3]
    assert failed(resign(wrong), site_pem) == ["records_match"]
    unnamed = copy.deepcopy(package)
    del unnamed["rounds"][0]["dealers"]
    assert failed(resign(unnamed), site_pem) == ["records_match"]
    # A package of format 1, exported before rounds named their dealers, still verifies.
    unnamed["format"] = 1
    assert verify_package(resign(unnamed), public_key_pem=site_pem).ok
    unnamed["format"] = 3
    assert failed(resign(unnamed), site_pem) == ["format"]


def run_verifier(*args: Any) -> subprocess.CompletedProcess[str]:
    """``python -m audit.evidence.verify`` in a process with no database and no Django
    settings: only the path to find the code."""
    env = {"PATH": os.environ.get("PATH", ""), "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "audit.evidence.verify", *map(str, args)],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=60,
        check=False,
    )


def test_the_verifier_imports_no_django() -> None:
    code = (
        "import sys, audit.evidence.verify; "
        "sys.exit(sorted(m for m in sys.modules if m.split('.')[0] in "
        "('django', 'rest_framework', 'tables', 'payouts', 'celery')) or 0)"
    )
    env = {"PATH": os.environ.get("PATH", ""), "PYTHONPATH": str(ROOT)}
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=ROOT, check=False
    )
    assert result.returncode == 0, result.stderr


def test_the_verifiers_service_events_are_the_rounds_services() -> None:
    assert SERVICE_EVENT_KINDS == CORE_EVENT_KINDS


# -- tampering, each caught by the check that proves it -------------------------------------


@pytest.fixture
def exported(corrected_floor: dict[str, Any], users: dict[str, Any]) -> bytes:
    return evidence_round_export(
        round_id=corrected_floor["first"].pk, actor=users["auditor"]
    ).content


@pytest.mark.parametrize(
    ("old", "new", "check"),
    [
        # A figure inside the content: the signature no longer holds.
        (b'"staked":"30.00"', b'"staked":"31.00"', "package_signature"),
        # The JSON itself broken, or no longer in its canonical form.
        (b'{"checkpoint"', b'["checkpoint"', "format"),
        (b',"exported_at"', b', "exported_at"', "format"),
    ],
    ids=["a-figure", "the-syntax", "a-space"],
)
def test_one_byte_changed_fails(
    exported: bytes, site_pem: bytes, old: bytes, new: bytes, check: str
) -> None:
    assert old in exported
    changed = exported.replace(old, new, 1)
    assert len(changed) - len(exported) in (0, 1)
    assert check in failed(changed, site_pem)
    assert not verify_package(changed, public_key_pem=site_pem).ok


def test_every_single_byte_flip_fails(exported: bytes, site_pem: bytes) -> None:
    """A byte flipped anywhere (a sample across the whole file) fails some check."""
    step = max(1, len(exported) // 97)
    for position in range(0, len(exported), step):
        changed = bytearray(exported)
        changed[position] ^= 0x01
        assert not verify_package(bytes(changed), public_key_pem=site_pem).ok, position


def _change_first_card(package: dict[str, Any]) -> None:
    (round,) = package["rounds"]
    deal = next(e for e in round["events"] if e["kind"] == "box_dealt")
    deal["payload"]["cards"][0] = "9h" if deal["payload"]["cards"][0] != "9h" else "9c"


def test_an_event_changed_and_not_resigned_fails_the_signature_and_the_trail(
    exported: bytes, site_pem: bytes
) -> None:
    package = load(exported)
    _change_first_card(package)
    changed = canonical(package)
    found = failed(changed, site_pem)
    assert "package_signature" in found
    assert "records_match" in found
    # The rows themselves are untouched: their chain still holds.
    assert "row_hashes" not in found and "sealed_head" not in found


def test_an_event_changed_and_resigned_with_another_key_fails(
    exported: bytes, site_pem: bytes
) -> None:
    package = load(exported)
    _change_first_card(package)
    forged = resign(package, Ed25519PrivateKey.generate())
    # Checked against the site's key: the package is not the site's.
    assert {"package_signature", "records_match"} <= set(failed(forged, site_pem))
    # Checked against the key it carries: it is signed by it, but the checkpoint is not, and
    # the event is not the one the trail records.
    found = failed(forged, None)
    assert "package_signature" not in found
    assert {"checkpoint_signature", "records_match"} <= set(found)


def test_an_event_changed_in_the_trail_too_breaks_the_rows_hash(
    exported: bytes, site_pem: bytes
) -> None:
    """The forger changes the event and the audit row recording it, with the site's key even:
    the row no longer hashes to its hash; recomputing it breaks the next link."""
    package = load(exported)
    _change_first_card(package)
    (round,) = package["rounds"]
    deal = next(e for e in round["events"] if e["kind"] == "box_dealt")
    row = next(
        r
        for r in package["records"]
        if r["event_code"] == AuditCode.ROUND_ACTION
        and any(e["seq"] == deal["seq"] for e in r["after"]["events"])
    )
    recorded = next(e for e in row["after"]["events"] if e["seq"] == deal["seq"])
    recorded["cards"] = deal["payload"]["cards"]
    # The package and its rows agree, so only the chain (and the engine, which deals the
    # player another hand) can tell.
    assert failed(resign(package), site_pem) == ["row_hashes", "replay"]
    row["row_hash"] = row_hash(row)
    assert failed(resign(package), site_pem) == ["row_links", "replay"]


def test_a_row_removed_from_the_chain_fails(
    exported: bytes, site_pem: bytes, corrected_floor: dict[str, Any]
) -> None:
    package = load(exported)
    other = corrected_floor["second"].pk
    index = next(i for i, r in enumerate(package["records"]) if r["round_id"] == other)
    del package["records"][index]
    # Even signed by the site's key, the gap shows.
    assert failed(resign(package), site_pem) == ["row_links"]


def test_the_newest_rows_removed_leave_a_sealed_head_with_no_row(
    exported: bytes, site_pem: bytes
) -> None:
    package = load(exported)
    del package["records"][-1]
    assert failed(resign(package), site_pem)[0] == "sealed_head"


def test_a_round_row_removed_from_the_end_of_its_rounds_rows_fails_the_trail(
    exported: bytes, site_pem: bytes
) -> None:
    """The package's correction has no decision in the trail once the rows from its decision
    on are cut (and the range made to end at a forged head): the chain, the head and the
    records all refuse it."""
    package = load(exported)
    index = next(
        i
        for i, r in enumerate(package["records"])
        if r["event_code"] == AuditCode.CORRECTION_APPROVED
    )
    package["records"] = package["records"][:index]
    found = failed(resign(package), site_pem)
    assert {"sealed_head", "records_match"} <= set(found)


def test_a_wrong_public_key_fails(exported: bytes) -> None:
    wrong = public_pem(Ed25519PrivateKey.generate().public_key()).encode()
    found = failed(exported, wrong)
    assert {"package_signature", "checkpoint_signature"} <= set(found)


def test_a_forged_audit_path_fails(exported: bytes, site_pem: bytes) -> None:
    package = load(exported)
    assert package["inclusion_proof"], "a checkpoint of several streams has a path"
    side, digest = package["inclusion_proof"][0]
    package["inclusion_proof"][0] = [side, ("0" if digest[0] != "0" else "1") + digest[1:]]
    assert failed(resign(package), site_pem) == ["inclusion_proof"]


def test_a_correction_left_out_fails(exported: bytes, site_pem: bytes) -> None:
    package = load(exported)
    package["rounds"][0]["corrections"] = []
    assert failed(resign(package), site_pem) == ["records_match"]


def test_a_settlement_the_engine_does_not_reproduce_fails_the_replay(exported: bytes) -> None:
    (round,) = load(exported)["rounds"]
    assert replay_problems(round)[1] == []
    altered = copy.deepcopy(round)
    altered["settlement"]["lines"][-1]["paid"] = "70.00"
    summary, differences = replay_problems(altered)
    assert differences and "payout lines" in differences[0]
    altered = copy.deepcopy(round)
    altered["events"] = [e for e in altered["events"] if e["kind"] != "dealer_revealed"]
    assert "leave it in" in replay_problems(altered)[1][0]


# -- the commands -----------------------------------------------------------------------------


def test_the_export_and_verify_commands(
    corrected_floor: dict[str, Any], tmp_path: Path, site_pem: bytes
) -> None:
    path = tmp_path / "round.json"
    out = io.StringIO()
    call_command(
        "evidence_export", "--round", str(corrected_floor["first"].pk), "-o", str(path), stdout=out
    )
    assert "sha256" in out.getvalue()
    row = AuditRecord.objects.get(event_code=AuditCode.EVIDENCE_EXPORTED)
    assert row.actor_id is None and row.actor_label == "manage.py evidence_export"
    out = io.StringIO()
    call_command("evidence_verify", str(path), stdout=out)
    assert out.getvalue().splitlines()[-1] == "evidence package VERIFIED"

    day = tmp_path / "day.json"
    call_command(
        "evidence_export",
        "--table",
        str(corrected_floor["table"].pk),
        "--day",
        corrected_floor["first"].gaming_day.isoformat(),
        "-o",
        str(day),
        stdout=io.StringIO(),
    )
    assert (
        main([str(day), "--public-key", _write(tmp_path / "k.pem", site_pem)], out=io.StringIO())
        == 0
    )

    path.write_bytes(path.read_bytes().replace(b'"staked":"30.00"', b'"staked":"31.00"', 1))
    with pytest.raises(SystemExit) as exit:
        call_command("evidence_verify", str(path), stdout=io.StringIO())
    assert exit.value.code == 1
    with pytest.raises(CommandError):
        call_command("evidence_export", "--round", "1", "--day", "2026-01-01", "-o", str(path))


def _write(path: Path, data: bytes) -> str:
    path.write_bytes(data)
    return str(path)


def test_a_day_with_nothing_recorded_is_refused(
    outside: FolderSink, audit_floor: dict[str, Any], users: dict[str, Any]
) -> None:
    with pytest.raises(ApiError) as refused:
        evidence_table_day_export(
            table_id=audit_floor["table"].pk, gaming_day=dt.date(2020, 1, 1), actor=None
        )
    assert refused.value.code == "evidence_nothing_recorded"
    assert not AuditRecord.objects.filter(event_code=AuditCode.EVIDENCE_EXPORTED).exists()


# -- the API ----------------------------------------------------------------------------------


def test_the_api_answers_the_package_as_a_download(
    corrected_floor: dict[str, Any], client_for: Callable[[str | None], Any], site_pem: bytes
) -> None:
    first, table = corrected_floor["first"], corrected_floor["table"]
    response = client_for("pit_boss").get(f"/api/v1/audit/evidence/rounds/{first.pk}/")
    assert response.status_code == 200, response.content
    assert response["Content-Type"] == "application/json"
    assert (
        response["Content-Disposition"] == f'attachment; filename="evidence-round-{first.pk}.json"'
    )
    assert verify_package(response.content, public_key_pem=site_pem).ok
    row = AuditRecord.objects.get(event_code=AuditCode.EVIDENCE_EXPORTED)
    assert row.after["sha256"] == response["X-Content-SHA256"]
    assert response["X-Evidence-Sealed"] == "true"
    assert response["X-Evidence-Checkpoint"] == str(row.after["checkpoint"])

    url = f"/api/v1/audit/evidence/tables/{table.pk}/"
    response = client_for("auditor").get(url, {"day": first.gaming_day.isoformat()})
    assert response.status_code == 200, response.content
    assert verify_package(response.content, public_key_pem=site_pem).ok
    response = client_for("auditor").get(url, {"day": "2020-01-01"})
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "evidence_nothing_recorded"
    response = client_for("auditor").get(url)
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "invalid_input"


@pytest.mark.parametrize("role", ["dealer", "other_pit_boss", "admin", "no_role"])
def test_the_api_refuses_dealers_and_other_pits(
    corrected_floor: dict[str, Any], client_for: Callable[[str | None], Any], role: str
) -> None:
    first, table = corrected_floor["first"], corrected_floor["table"]
    before = AuditRecord.objects.count()
    for url in (
        f"/api/v1/audit/evidence/rounds/{first.pk}/",
        f"/api/v1/audit/evidence/tables/{table.pk}/?day={first.gaming_day.isoformat()}",
    ):
        response = client_for(role).get(url)
        assert response.status_code == 403, response.content
        assert response.json()["error"]["code"] == "permission_denied"
    assert AuditRecord.objects.count() == before
    assert not Checkpoint.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_an_export_outside_any_transaction_reads_one_snapshot_and_verifies(
    outside: FolderSink,
    audit_floor: dict[str, Any],
    users: dict[str, Any],
    play_rp01: Callable[[Any], Round],
    site_pem: bytes,
) -> None:
    """As the API runs it: no caller's transaction, so the export reads its rounds and rows in
    a repeatable-read snapshot of its own, after the checkpoint it sealed has committed."""
    round = play_rp01(audit_floor["table"])
    export = evidence_round_export(round_id=round.pk, actor=users["auditor"])
    assert export.sealed is True
    assert outside.numbers() == [export.checkpoint]
    assert verify_package(export.content, public_key_pem=site_pem).ok


def test_a_pot_games_round_verifies_with_its_replay(
    outside: FolderSink, audit_floor: dict[str, Any], users: dict[str, Any], site_pem: bytes
) -> None:
    """Red Dog: the pot game's settlement (the shares of the pot, no paytable) replays too."""
    table = audit_floor["table"]
    table.game = Game.RED_DOG
    table.rule_set = RuleSet.objects.create(
        game=Game.RED_DOG, name="rd", version=1, settings=validate_rule_settings("red_dog", {})
    )
    table.save()
    dealer = users["dealer"]
    round = round_open(table_id=table.pk, dealer=dealer)
    stacks = {1: D(50), 2: D(50), 3: D(50)}
    round_act(
        round_id=round.pk,
        actor=dealer,
        expected_event=0,
        action="seat_players",
        data={"stacks": stacks, "button": 1},
    )
    round_act(round_id=round.pk, actor=dealer, expected_event=1, action="end_game", data={})
    round_settle(round_id=round.pk, actor=dealer)
    export = evidence_round_export(round_id=round.pk, actor=users["pit_boss"])
    outcome = verify_package(export.content, public_key_pem=site_pem)
    assert outcome.ok, outcome.checks
    assert "reproduces its settlement" in outcome.check("replay").detail


def test_a_round_with_a_retraction_verifies_and_its_approval_is_in_the_package(
    outside: FolderSink, audit_floor: dict[str, Any], users: dict[str, Any], site_pem: bytes
) -> None:
    """A round whose last entry was retracted under dual control: the package holds the entry
    retracted and the retraction; the replay leaves the one out, as the table service did, and
    reproduces the settlement; the trail holds the approval, by another than the requester."""
    round = retracted_round(audit_floor["table"], users["dealer"], users["pit_boss"])
    export = evidence_round_export(round_id=round.pk, actor=users["auditor"])
    outcome = verify_package(export.content, public_key_pem=site_pem)
    assert outcome.ok, outcome.checks
    assert "reproduces its settlement" in outcome.check("replay").detail
    (packaged,) = load(export.content)["rounds"]
    kinds = [event["kind"] for event in packaged["events"]]
    assert kinds[3:6] == ["card_dealt", "retraction", "card_dealt"]
    # The retraction's approval, left out of the trail's rows, is missed.
    package = load(export.content)
    package["records"] = [
        r for r in package["records"] if r["event_code"] != AuditCode.ROUND_RETRACTION_APPROVED
    ]
    assert "records_match" in failed(resign(package), site_pem)


def test_the_formats_docstring_examples_hold() -> None:
    import doctest

    import audit.evidence.document

    outcome = doctest.testmod(audit.evidence.document)
    assert outcome.attempted > 0 and outcome.failed == 0


def test_a_signature_reencoded_in_its_spare_bits_fails(exported: bytes, site_pem: bytes) -> None:
    """The last base64 character of a 64-byte signature carries four spare bits: changed, the
    value decodes to the very same signature, so only a check of the encoding itself sees that
    byte of the file changed."""
    import base64

    package = load(exported)
    value = package["signature"]["value"]
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
    last = value.rstrip("=")[-1]
    twin = alphabet[alphabet.index(last) ^ 1]
    forged = (
        value[: len(value.rstrip("=")) - 1] + twin + "=" * (len(value) - len(value.rstrip("=")))
    )
    assert base64.b64decode(forged) == base64.b64decode(value) and forged != value
    package["signature"]["value"] = forged
    assert failed(canonical(package), site_pem) == ["package_signature"]


def test_an_amount_that_is_no_number_fails_a_check_and_never_raises(
    exported: bytes, site_pem: bytes
) -> None:
    package = load(exported)
    package["rounds"][0]["settlement"]["lines"][-1]["paid"] = "40/00"
    found = failed(resign(package), site_pem)
    assert found == ["records_match", "replay"], found


def test_the_command_takes_the_public_key_as_the_api_gives_it(
    exported: bytes, client_for: Callable[[str], Any], tmp_path: Path
) -> None:
    """A regulator saves the answer of the public-key endpoint as it comes (JSON) and hands
    it to the verifier: no PEM to cut out of it."""
    answer = client_for("auditor").get("/api/v1/audit/checkpoints/public-key/")
    assert answer.status_code == 200
    key = tmp_path / "site-public-key.json"
    key.write_bytes(answer.content)
    path = tmp_path / "round.json"
    path.write_bytes(exported)
    result = run_verifier(path, "--public-key", key)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.splitlines()[-1] == "evidence package VERIFIED"

    # An answer whose key id is not its key's is refused, not trusted.
    forged = {**answer.json(), "key_id": "0" * 16}
    key.write_text(json.dumps(forged))
    result = run_verifier(path, "--public-key", key)
    assert result.returncode == 2, result.stdout
    assert "key_id" in result.stdout
