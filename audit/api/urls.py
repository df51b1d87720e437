from django.urls import path

from audit.api import aml_views, evidence_views, views

urlpatterns = [
    path("records/", views.AuditRecordListApi.as_view(), name="audit-record-list"),
    path("verify/", views.ChainVerifyApi.as_view(), name="audit-verify"),
    path("checkpoints/", views.CheckpointListApi.as_view(), name="audit-checkpoint-list"),
    path("checkpoints/public-key/", views.PublicKeyApi.as_view(), name="audit-checkpoint-key"),
    path("reports/", views.ReportListApi.as_view(), name="audit-report-list"),
    path("reports/request/", views.ReportRequestApi.as_view(), name="audit-report-request"),
    path("reports/<int:report_id>/", views.ReportDetailApi.as_view(), name="audit-report-detail"),
    path("reports/<int:report_id>/csv/", views.ReportCsvApi.as_view(), name="audit-report-csv"),
    path("reports/<int:report_id>/pdf/", views.ReportPdfApi.as_view(), name="audit-report-pdf"),
    path("aml/csv/", aml_views.AmlExportCsvApi.as_view(), name="audit-aml-csv"),
    path("aml/pdf/", aml_views.AmlExportPdfApi.as_view(), name="audit-aml-pdf"),
    path(
        "evidence/rounds/<int:round_id>/",
        evidence_views.RoundEvidenceApi.as_view(),
        name="audit-evidence-round",
    ),
    path(
        "evidence/tables/<int:table_id>/",
        evidence_views.TableDayEvidenceApi.as_view(),
        name="audit-evidence-table-day",
    ),
]
