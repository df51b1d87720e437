"""The live floor's URLs, under the API's root: the pit's and a table's view, the pit's stream,
and the alerts (under ``audit/``, where auditors and pit bosses have always found them)."""

from django.urls import path

from casino.floor.api import events, views

urlpatterns = [
    path("pits/<int:pit_id>/view/", views.PitViewApi.as_view(), name="pit-view"),
    path("pits/<int:pit_id>/events/", events.pit_events, name="pit-events"),
    path("tables/<int:table_id>/view/", views.TableViewApi.as_view(), name="table-view"),
    path("audit/alerts/", views.AlertListApi.as_view(), name="audit-alert-list"),
    path(
        "audit/alerts/<int:alert_id>/acknowledge/",
        views.AlertAcknowledgeApi.as_view(),
        name="audit-alert-acknowledge",
    ),
]
