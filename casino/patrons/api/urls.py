from django.urls import path

from casino.patrons.api import views

urlpatterns = [
    path("patrons/", views.PatronFindApi.as_view(), name="patron-find"),
    path("patrons/<int:patron_id>/", views.PatronDetailApi.as_view(), name="patron-detail"),
    path(
        "patrons/<int:patron_id>/history/",
        views.PatronHistoryApi.as_view(),
        name="patron-history",
    ),
    path(
        "patrons/<int:patron_id>/identity/",
        views.PatronIdentityApi.as_view(),
        name="patron-identity",
    ),
    path(
        "patrons/<int:patron_id>/exclusions/",
        views.PatronExclusionListApi.as_view(),
        name="patron-exclusions",
    ),
    path(
        "patrons/<int:patron_id>/exclude/",
        views.PatronExcludeApi.as_view(),
        name="patron-exclude",
    ),
    path(
        "patrons/<int:patron_id>/cash-out/",
        views.PatronCashOutApi.as_view(),
        name="patron-cash-out",
    ),
    path("patrons/<int:patron_id>/points/", views.PatronPointsApi.as_view(), name="patron-points"),
    path("patrons/<int:patron_id>/comps/", views.PatronCompApi.as_view(), name="patron-comps"),
    path(
        "patrons/<int:patron_id>/promotions/",
        views.PatronPromotionApi.as_view(),
        name="patron-promotions",
    ),
    path(
        "casinos/<int:casino_id>/earning-policy/",
        views.EarningPolicyApi.as_view(),
        name="casino-earning-policy",
    ),
    path(
        "exclusions/<int:exclusion_id>/lift/",
        views.ExclusionLiftApi.as_view(),
        name="exclusion-lift",
    ),
    path(
        "casinos/<int:casino_id>/patrons/",
        views.PatronEnrolApi.as_view(),
        name="casino-patron-enrol",
    ),
    path(
        "casinos/<int:casino_id>/aml-policy/",
        views.AmlPolicyApi.as_view(),
        name="casino-aml-policy",
    ),
    path("aml/log/", views.AmlLogApi.as_view(), name="aml-log"),
    path("tables/<int:table_id>/seated/", views.TableSeatedApi.as_view(), name="table-seated"),
    path("tables/<int:table_id>/players/", views.TablePlayersApi.as_view(), name="table-players"),
    path(
        "tables/<int:table_id>/seat-patron/",
        views.TableSeatApi.as_view(),
        name="table-seat-patron",
    ),
    path(
        "patron-sessions/<int:session_id>/pause/",
        views.SessionPauseApi.as_view(),
        name="patron-session-pause",
    ),
    path(
        "patron-sessions/<int:session_id>/resume/",
        views.SessionResumeApi.as_view(),
        name="patron-session-resume",
    ),
    path(
        "patron-sessions/<int:session_id>/leave/",
        views.SessionLeaveApi.as_view(),
        name="patron-session-leave",
    ),
    path(
        "patron-sessions/<int:session_id>/move/",
        views.SessionMoveApi.as_view(),
        name="patron-session-move",
    ),
    path(
        "patron-sessions/<int:session_id>/rating/",
        views.SessionRatingApi.as_view(),
        name="patron-session-rating",
    ),
    path(
        "patron-sessions/<int:session_id>/estimate/",
        views.SessionEstimateApi.as_view(),
        name="patron-session-estimate",
    ),
    path(
        "patron-sessions/<int:session_id>/cash/",
        views.SessionCashApi.as_view(),
        name="patron-session-cash",
    ),
]
