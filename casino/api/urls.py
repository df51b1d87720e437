"""Routes of sign-in administration: device tokens and sign-in lockouts (under ``auth/``)."""

from django.urls import path

from casino.api import views

urlpatterns = [
    path("tokens/", views.TokenListApi.as_view(), name="token-list"),
    path("tokens/<int:token_id>/revoke/", views.TokenRevokeApi.as_view(), name="token-revoke"),
    path("lockouts/", views.LockoutListApi.as_view(), name="lockout-list"),
    path("lockouts/<int:lockout_id>/lift/", views.LockoutLiftApi.as_view(), name="lockout-lift"),
]
