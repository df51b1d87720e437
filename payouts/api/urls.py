from django.urls import path

from payouts.api import house_edges, views

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
]
