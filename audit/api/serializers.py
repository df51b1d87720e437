"""Output serializers of the audit API (inputs live beside their views).

The report document is served as stored (its SHA-256 is in the audit trail); the serializers
of its parts describe it in the OpenAPI schema.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers
from rest_framework.reverse import reverse

from audit.models import GamingDayReport
from casino.core.models import AuditRecord
from payouts.api.corrections import CorrectionLineOutputSerializer


class AuditRecordOutputSerializer(serializers.ModelSerializer):  # type: ignore[type-arg]
    authorised_by = serializers.CharField(source="authorised_by.username", allow_null=True)
    table = serializers.IntegerField(source="table_id", allow_null=True)
    round = serializers.IntegerField(source="round_id", allow_null=True)
    before = serializers.JSONField(allow_null=True)
    after = serializers.JSONField(allow_null=True)

    class Meta:
        model = AuditRecord
        fields = [
            "id",
            "stream",
            "seq",
            "prev_hash",
            "row_hash",
            "occurred_at",
            "actor_label",
            "actor_role",
            "authorised_by",
            "event_code",
            "table",
            "round",
            "gaming_day",
            "before",
            "after",
            "reason",
            "request_id",
        ]


class FindingOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    kind = serializers.ChoiceField(
        choices=[
            "broken_link",
            "head_differs",
            "checkpoint_invalid",
            "checkpoint_missing",
            "missing_anchor",
        ]
    )
    detail = serializers.CharField()
    stream = serializers.CharField(allow_null=True)
    seq = serializers.IntegerField(allow_null=True, help_text="The first row that differs.")
    record_id = serializers.IntegerField(allow_null=True)
    expected = serializers.CharField(allow_null=True)
    found = serializers.CharField(allow_null=True)
    checkpoint = serializers.IntegerField(allow_null=True)
    after_seq = serializers.IntegerField(
        allow_null=True, help_text="For a sealed head that differs: the last head that holds."
    )


class StreamHeadOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    stream = serializers.CharField()
    seq = serializers.IntegerField()
    hash = serializers.CharField()


class VerificationOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    intact = serializers.BooleanField()
    full = serializers.BooleanField()
    rows_read = serializers.IntegerField()
    head_rows_read = serializers.IntegerField()
    checkpoints = serializers.IntegerField(help_text="Checkpoints held outside, all checked.")
    since_checkpoint = serializers.IntegerField(allow_null=True)
    checkpoint = serializers.IntegerField(allow_null=True)
    heads = serializers.SerializerMethodField()
    findings = FindingOutputSerializer(many=True)

    @extend_schema_field(StreamHeadOutputSerializer(many=True))
    def get_heads(self, report: Any) -> list[dict[str, Any]]:
        """Each stream's last good row, by stream key."""
        return [
            {"stream": key, "seq": head.seq, "hash": head.hash}
            for key, head in sorted(report.heads.items())
        ]


class CheckpointOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    number = serializers.IntegerField()
    sealed_at = serializers.DateTimeField()
    reason = serializers.CharField()
    streams = serializers.IntegerField()
    root = serializers.CharField()
    key_id = serializers.CharField()
    line = serializers.CharField(help_text="The signed document, as written outside.")


class PublicKeyOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    algorithm = serializers.CharField()
    key_id = serializers.CharField()
    public_key_pem = serializers.CharField()


class ReportLinksOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    status = serializers.URLField(help_text="Poll this until the status is done or failed.")
    csv = serializers.URLField()
    pdf = serializers.URLField()


class ReportOutputSerializer(serializers.ModelSerializer):  # type: ignore[type-arg]
    requested_by = serializers.CharField(source="requested_by.username", allow_null=True)
    links = serializers.SerializerMethodField()

    class Meta:
        model = GamingDayReport
        fields = [
            "id",
            "casino",
            "gaming_day",
            "trigger",
            "status",
            "parameters",
            "language",
            "requested_by",
            "requested_at",
            "started_at",
            "finished_at",
            "payload_sha256",
            "csv_sha256",
            "pdf_sha256",
            "audit_stream",
            "audit_seq",
            "error",
            "links",
        ]

    @extend_schema_field(ReportLinksOutputSerializer)
    def get_links(self, report: GamingDayReport) -> dict[str, str]:
        request = self.context.get("request")
        return {
            name: reverse(f"audit-report-{view}", args=[report.pk], request=request)
            for name, view in (("status", "detail"), ("csv", "csv"), ("pdf", "pdf"))
        }


class FiguresOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    """One row's figures over one period. Amounts and percentages are decimal strings; null
    where a figure is not available (no stake, no theoretical hold, no threshold)."""

    rounds = serializers.IntegerField()
    wagered = serializers.CharField()
    paid = serializers.CharField()
    house_result = serializers.CharField(help_text="wagered - paid")
    hold_pct = serializers.CharField(allow_null=True)
    theoretical_hold_pct = serializers.CharField(allow_null=True)
    theoretical_result = serializers.CharField(allow_null=True)
    variance_pp = serializers.CharField(allow_null=True, help_text="hold - theoretical, points")
    variance_threshold_pp = serializers.CharField(allow_null=True)
    variance_flag = serializers.BooleanField(allow_null=True)
    cap_hits = serializers.IntegerField()
    withheld = serializers.CharField(help_text="Computed less paid over the cap hits.")
    large_payouts = serializers.IntegerField()
    voids = serializers.IntegerField(help_text="Voids approved in the period.")
    corrections = serializers.IntegerField(help_text="Payout corrections approved in the period.")
    corrections_paid = serializers.CharField()
    adjusted_rounds = serializers.IntegerField()
    adjusted_wagered = serializers.CharField()
    adjusted_paid = serializers.CharField()
    adjusted_house_result = serializers.CharField()
    adjusted_hold_pct = serializers.CharField(allow_null=True)
    theoretical_base = serializers.CharField(help_text="The stakes a house edge priced.")
    house_edge_coverage = serializers.ChoiceField(
        choices=["priced", "partly_priced", "unpriced"],
        allow_null=True,
        help_text="How much of the wagered a house edge priced; null when nothing was wagered.",
    )
    theoretical_computed_pct = serializers.CharField(
        allow_null=True,
        help_text="The share of the priced stakes priced by house edges computed from the rules"
        " (the rest by the paytables' certificates or a pot game's take); null when nothing"
        " was priced.",
    )


class ReportRowOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    level = serializers.ChoiceField(choices=["table_dealer", "table", "game", "dealer", "total"])
    table = serializers.CharField(allow_null=True)
    game = serializers.CharField(allow_null=True)
    dealer = serializers.CharField(allow_null=True)
    day = FiguresOutputSerializer()
    mtd = FiguresOutputSerializer()
    ytd = FiguresOutputSerializer()


class PayoutHitOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    table = serializers.CharField()
    game = serializers.CharField()
    dealer = serializers.CharField(allow_null=True)
    round = serializers.IntegerField()
    round_number = serializers.IntegerField()
    box = serializers.IntegerField()
    line = serializers.CharField()
    combination = serializers.CharField()
    outcome = serializers.CharField()
    stake = serializers.CharField()
    computed = serializers.CharField()
    paid = serializers.CharField()
    withheld = serializers.CharField()
    reason = serializers.CharField()


class ReportCorrectionOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    correction = serializers.IntegerField()
    table = serializers.CharField()
    game = serializers.CharField()
    dealer = serializers.CharField(allow_null=True)
    round = serializers.IntegerField()
    round_number = serializers.IntegerField()
    round_gaming_day = serializers.DateField()
    requested_by = serializers.CharField(allow_null=True)
    decided_by = serializers.CharField(allow_null=True)
    reason = serializers.CharField()
    decision_note = serializers.CharField()
    amount = serializers.CharField(help_text="Sum of the lines: owed to (+) or from (-) boxes.")
    reversed_wagered = serializers.CharField(allow_null=True)
    reversed_paid = serializers.CharField(allow_null=True)
    lines = CorrectionLineOutputSerializer(many=True)


class TrendDayOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    day = serializers.DateField()
    rounds = serializers.IntegerField()
    wagered = serializers.CharField()
    house_result = serializers.CharField()
    hold_pct = serializers.CharField(allow_null=True)
    theoretical_hold_pct = serializers.CharField(allow_null=True)


class ChainVerificationOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    intact = serializers.BooleanField()
    at = serializers.DateTimeField()
    full = serializers.BooleanField()
    checkpoint = serializers.IntegerField(allow_null=True)
    findings = serializers.IntegerField()


class ChainCheckpointOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    number = serializers.IntegerField()
    sealed_at = serializers.DateTimeField()
    reason = serializers.CharField()
    root = serializers.CharField()
    key_id = serializers.CharField()


class ChainStatusOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    last_verification = ChainVerificationOutputSerializer(allow_null=True)
    last_checkpoint = ChainCheckpointOutputSerializer(allow_null=True)


class PeriodOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    # "from" is a keyword: declared through the fields dict below.
    to = serializers.DateField()

    def get_fields(self) -> dict[str, Any]:
        fields = super().get_fields()
        fields["from"] = serializers.DateField()
        return fields


class PeriodsOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    day = PeriodOutputSerializer()
    mtd = PeriodOutputSerializer()
    ytd = PeriodOutputSerializer()


class CasinoRefOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    id = serializers.IntegerField()
    name = serializers.CharField()


class ReportPayloadOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    format = serializers.IntegerField()
    report = serializers.IntegerField()
    casino = CasinoRefOutputSerializer()
    gaming_day = serializers.DateField()
    periods = PeriodsOutputSerializer()
    currency = serializers.CharField(allow_null=True)
    generated_at = serializers.DateTimeField()
    provisional = serializers.BooleanField(help_text="The day had not closed when generated.")
    open_rounds = serializers.IntegerField(help_text="Rounds of the day still in play then.")
    rounds_dealt_unqualified = serializers.IntegerField(
        help_text="Rounds of the day in which an event was recorded by a dealer not qualified "
        "for the round's game at the time: must be 0."
    )
    parameters = serializers.DictField()
    rows = ReportRowOutputSerializer(many=True)
    large_payouts = PayoutHitOutputSerializer(many=True)
    cap_hits = PayoutHitOutputSerializer(many=True)
    voids = ReportCorrectionOutputSerializer(many=True)
    corrections = ReportCorrectionOutputSerializer(many=True)
    month_trend = TrendDayOutputSerializer(
        many=True, help_text="Each day of the month so far, from the tables' day totals."
    )
    chain = ChainStatusOutputSerializer(help_text="The audit chain as the report found it.")


class ReportDetailOutputSerializer(ReportOutputSerializer):
    payload = ReportPayloadOutputSerializer(allow_null=True, help_text="Null until done.")

    class Meta(ReportOutputSerializer.Meta):
        fields = [*ReportOutputSerializer.Meta.fields, "payload"]
