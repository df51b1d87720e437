from django.urls import path

from casino.dealers.api import views

urlpatterns = [
    path("dealers/pace/", views.DealerPaceApi.as_view(), name="dealer-pace"),
    path("dealers/accuracy/", views.DealerAccuracyApi.as_view(), name="dealer-accuracy"),
    path(
        "pits/<int:pit_id>/rotation-plans/",
        views.RotationPlansApi.as_view(),
        name="pit-rotation-plans",
    ),
    path("pits/<int:pit_id>/rotation/", views.PitRotationNowApi.as_view(), name="pit-rotation"),
    path(
        "pits/<int:pit_id>/rotation-plans/proposal/",
        views.RotationPlanProposalApi.as_view(),
        name="pit-rotation-plan-proposal",
    ),
]
