from django.urls import path

from payouts.api import corrections, house_edges, reconciliations, tray, views

urlpatterns = [
    path("rounds/<int:round_id>/", views.RoundDetailApi.as_view(), name="round-detail"),
    path("rounds/<int:round_id>/settle/", views.RoundSettleApi.as_view(), name="round-settle"),
    path("rounds/<int:round_id>/replay/", views.RoundReplayApi.as_view(), name="round-replay"),
    path("rounds/<int:round_id>/paid/", views.RoundPaidApi.as_view(), name="round-paid"),
    path(
        "rule-sets/<int:rule_set_id>/house-edge/",
        house_edges.RuleSetHouseEdgeApi.as_view(),
        name="rule-set-house-edge",
    ),
    # The chip tray.
    path("casinos/<int:casino_id>/chips/", tray.CasinoChipsApi.as_view(), name="casino-chips"),
    path("tables/<int:table_id>/tray/", tray.TableTrayApi.as_view(), name="table-tray"),
    path(
        "tables/<int:table_id>/tray/counts/",
        tray.TrayCountsApi.as_view(),
        name="table-tray-counts",
    ),
    path(
        "tray-counts/<int:count_id>/confirm/",
        tray.TrayCountConfirmApi.as_view(),
        name="tray-count-confirm",
    ),
    path(
        "tray-counts/<int:count_id>/reject/",
        tray.TrayCountRejectApi.as_view(),
        name="tray-count-reject",
    ),
    path("tables/<int:table_id>/slips/", tray.TableSlipsApi.as_view(), name="table-slips"),
    path("slips/", tray.SlipListApi.as_view(), name="slip-list"),
    path("slips/<int:slip_id>/", tray.SlipDetailApi.as_view(), name="slip-detail"),
    path("slips/<int:slip_id>/approve/", tray.SlipApproveApi.as_view(), name="slip-approve"),
    path("slips/<int:slip_id>/issue/", tray.SlipIssueApi.as_view(), name="slip-issue"),
    path("slips/<int:slip_id>/receive/", tray.SlipReceiveApi.as_view(), name="slip-receive"),
    path("slips/<int:slip_id>/void/", tray.SlipVoidApi.as_view(), name="slip-void"),
    path(
        "slip-voids/<int:void_id>/approve/",
        tray.SlipVoidApproveApi.as_view(),
        name="slip-void-approve",
    ),
    path(
        "slip-voids/<int:void_id>/reject/",
        tray.SlipVoidRejectApi.as_view(),
        name="slip-void-reject",
    ),
    path("tables/<int:table_id>/drops/", tray.TableDropsApi.as_view(), name="table-drops"),
    path("drops/<int:drop_id>/confirm/", tray.DropConfirmApi.as_view(), name="drop-confirm"),
    path("drops/<int:drop_id>/reject/", tray.DropRejectApi.as_view(), name="drop-reject"),
    # Corrections and the shifts' reconciliations, under the auditors' prefix where clients
    # have always found them.
    path(
        "audit/rounds/<int:round_id>/corrections/",
        corrections.CorrectionRequestApi.as_view(),
        name="audit-correction-request",
    ),
    path(
        "audit/corrections/", corrections.CorrectionListApi.as_view(), name="audit-correction-list"
    ),
    path(
        "audit/corrections/<int:correction_id>/",
        corrections.CorrectionDetailApi.as_view(),
        name="audit-correction-detail",
    ),
    path(
        "audit/corrections/<int:correction_id>/approve/",
        corrections.CorrectionApproveApi.as_view(),
        name="audit-correction-approve",
    ),
    path(
        "audit/corrections/<int:correction_id>/reject/",
        corrections.CorrectionRejectApi.as_view(),
        name="audit-correction-reject",
    ),
    path(
        "audit/reconciliations/",
        reconciliations.ReconciliationListApi.as_view(),
        name="audit-reconciliation-list",
    ),
]
