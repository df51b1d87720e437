"""The surfaces' URLs, mounted at the site's root by ``casino.urls``."""

from django.contrib.auth import views as auth_views
from django.urls import path

from casino.surfaces import cage, dealer, rotation, tablet, views, workbench

urlpatterns = [
    path("sign-in/", views.SignInView.as_view(), name="surfaces-sign-in"),
    path(
        "sign-out/",
        auth_views.LogoutView.as_view(next_page="surfaces-sign-in"),
        name="surfaces-sign-out",
    ),
    path("pit/", views.pit_index, name="surfaces-pit-index"),
    path("pit/<int:pit_id>/", views.pit_board, name="surfaces-pit-board"),
    path("pit/<int:pit_id>/rotation/", rotation.pit_rotation, name="surfaces-pit-rotation"),
    path("cage/", cage.cage, name="surfaces-cage"),
    path("dealer/", dealer.dealer_page, name="surfaces-dealer"),
    path("tablet/", tablet.tablet_app, name="surfaces-tablet"),
    path("tablet/sw.js", tablet.tablet_service_worker, name="surfaces-tablet-sw"),
    path("tablet/pair/", tablet.tablet_pair, name="surfaces-tablet-pair"),
    path("audit/", workbench.workbench_search, name="surfaces-workbench"),
    path(
        "audit/rounds/<int:round_id>/",
        workbench.workbench_round,
        name="surfaces-workbench-round",
    ),
    path("audit/reports/", workbench.workbench_reports, name="surfaces-workbench-reports"),
    path("audit/patrons/", workbench.workbench_patrons, name="surfaces-workbench-patrons"),
    path("audit/verify/", workbench.workbench_verify, name="surfaces-workbench-verify"),
]
