from django.urls import path

from tables.api import limit_changes, retractions, tablets, views

urlpatterns = [
    path("me/", views.MeApi.as_view(), name="me"),
    path("tables/", views.TableListApi.as_view(), name="table-list"),
    path("tables/<int:table_id>/", views.TableDetailApi.as_view(), name="table-detail"),
    path("tables/<int:table_id>/open/", views.TableOpenApi.as_view(), name="table-open"),
    path("tables/<int:table_id>/close/", views.TableCloseApi.as_view(), name="table-close"),
    path("tables/<int:table_id>/limits/", views.TableLimitsApi.as_view(), name="table-limits"),
    path(
        "tables/<int:table_id>/assignment/",
        views.TableAssignmentApi.as_view(),
        name="table-assignment",
    ),
    path("tables/<int:table_id>/tablets/", tablets.TableTabletsApi.as_view(), name="table-tablets"),
    path("tablets/current/", tablets.TabletCurrentApi.as_view(), name="tablet-current"),
    path("tablets/sign-in/", tablets.TabletSignInApi.as_view(), name="tablet-sign-in"),
    path(
        "tablets/<int:tablet_id>/revoke/", tablets.TabletRevokeApi.as_view(), name="tablet-revoke"
    ),
    path(
        "tablets/decision-sign-in/",
        tablets.TabletDecisionSignInApi.as_view(),
        name="tablet-decision-sign-in",
    ),
    path("tables/<int:table_id>/rounds/", views.RoundOpenApi.as_view(), name="round-open"),
    path("rounds/<int:round_id>/actions/", views.RoundActionApi.as_view(), name="round-action"),
    # Retractions of a round's last entries, under dual control.
    path(
        "rounds/<int:round_id>/retractable/",
        retractions.RetractableApi.as_view(),
        name="round-retractable",
    ),
    path(
        "rounds/<int:round_id>/retractions/",
        retractions.RetractionRequestApi.as_view(),
        name="round-retraction-request",
    ),
    path("retractions/", retractions.RetractionListApi.as_view(), name="retraction-list"),
    path(
        "retractions/<int:request_id>/",
        retractions.RetractionDetailApi.as_view(),
        name="retraction-detail",
    ),
    path(
        "retractions/<int:request_id>/approve/",
        retractions.RetractionApproveApi.as_view(),
        name="retraction-approve",
    ),
    path(
        "retractions/<int:request_id>/reject/",
        retractions.RetractionRejectApi.as_view(),
        name="retraction-reject",
    ),
    path(
        "retractions/<int:request_id>/withdraw/",
        retractions.RetractionWithdrawApi.as_view(),
        name="retraction-withdraw",
    ),
    path("limit-changes/", limit_changes.LimitChangeListApi.as_view(), name="limit-change-list"),
    path(
        "limit-changes/<int:request_id>/",
        limit_changes.LimitChangeDetailApi.as_view(),
        name="limit-change-detail",
    ),
    path(
        "limit-changes/<int:request_id>/approve/",
        limit_changes.LimitChangeApproveApi.as_view(),
        name="limit-change-approve",
    ),
    path(
        "limit-changes/<int:request_id>/reject/",
        limit_changes.LimitChangeRejectApi.as_view(),
        name="limit-change-reject",
    ),
]
