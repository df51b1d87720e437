"""Routes of identity: the device-token sign-in, sign-in administration (device tokens and
sign-in lockouts, under ``auth/``), setting a PIN, the own
language, and dealers' qualifications."""

from django.urls import path

from casino.identity.api import qualifications, views

urlpatterns = [
    path("auth/device-token/", views.DeviceTokenApi.as_view(), name="device-token"),
    path("auth/tokens/", views.TokenListApi.as_view(), name="token-list"),
    path("auth/tokens/<int:token_id>/revoke/", views.TokenRevokeApi.as_view(), name="token-revoke"),
    path("auth/lockouts/", views.LockoutListApi.as_view(), name="lockout-list"),
    path(
        "auth/lockouts/<int:lockout_id>/lift/",
        views.LockoutLiftApi.as_view(),
        name="lockout-lift",
    ),
    path("auth/pin/", views.PinSetApi.as_view(), name="pin-set"),
    path("auth/language/", views.LanguageApi.as_view(), name="auth-language"),
    path(
        "dealers/<int:user_id>/qualifications/",
        qualifications.DealerQualificationsApi.as_view(),
        name="dealer-qualifications",
    ),
    path(
        "qualifications/<int:qualification_id>/revocations/",
        qualifications.QualificationRevocationApi.as_view(),
        name="qualification-revocations",
    ),
]
