from django.urls import path

from tables.api import views

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
    path("tables/<int:table_id>/rounds/", views.RoundOpenApi.as_view(), name="round-open"),
    path("rounds/<int:round_id>/actions/", views.RoundActionApi.as_view(), name="round-action"),
]
