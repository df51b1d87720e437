"""The project's URLs: the composition root, which alone sees every app."""

from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from audit.api import round_views
from casino.api import health, metrics
from casino.api import views as api_views

api_v1 = [
    path("", api_views.ApiRootApi.as_view(), name="api-root"),
    path("", include("casino.identity.api.urls")),
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    path("docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="docs"),
    path("rounds/", round_views.RoundSearchApi.as_view(), name="round-search"),
    path("rounds/<int:round_id>/story/", round_views.RoundStoryApi.as_view(), name="round-story"),
    path("", include("tables.api.urls")),
    path("", include("payouts.api.urls")),
    path("", include("casino.patrons.api.urls")),
    path("", include("casino.dealers.api.urls")),
    path("audit/", include("audit.api.urls")),
    path("", include("casino.floor.api.urls")),
]

urlpatterns = [
    path("healthz", api_views.healthz, name="healthz"),
    path("livez", health.livez, name="livez"),
    path("readyz", health.readyz, name="readyz"),
    path("metrics", metrics.metrics, name="metrics"),
    path("admin/", admin.site.urls),
    path("api/v1/", include(api_v1)),
    path("", include("casino.surfaces.urls")),
]

# Django's own errors, outside any API view, in the API's one error shape.
handler400 = "casino.api.handlers.bad_request"
handler403 = "casino.api.handlers.permission_denied"
handler404 = "casino.api.handlers.page_not_found"
handler500 = "casino.api.handlers.server_error"
