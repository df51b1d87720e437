from django.urls import path

from tables.api import limit_changes, tablets, views

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
    path(
        "tables/<int:table_id>/tablets/", tablets.TableTabletsApi.as_view(), name="table-tablets"
    ),
    path("tablets/current/", tablets.TabletCurrentApi.as_view(), name="tablet-current"),
    path("tablets/sign-in/", tablets.TabletSignInApi.as_view(), name="tablet-sign-in"),
    path(
        "tablets/<int:tablet_id>/revoke/", tablets.TabletRevokeApi.as_view(), name="tablet-revoke"
    ),
    path("auth/pin/", tablets.PinSetApi.as_view(), name="pin-set"),
    path("tables/<int:table_id>/rounds/", views.RoundOpenApi.as_view(), name="round-open"),
    path("rounds/<int:round_id>/actions/", views.RoundActionApi.as_view(), name="round-action"),
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
