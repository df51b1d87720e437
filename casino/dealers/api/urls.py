from django.urls import path

from casino.dealers.api import views

urlpatterns = [
    path("dealers/pace/", views.DealerPaceApi.as_view(), name="dealer-pace"),
    path("dealers/accuracy/", views.DealerAccuracyApi.as_view(), name="dealer-accuracy"),
]
