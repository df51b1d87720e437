"""The project's URLs plus ``deploy/slow/?seconds=``: a request that takes that long, answering
the pid of the worker that served it."""

import os
import time

from django.http import HttpRequest, JsonResponse
from django.urls import path

from casino.urls import urlpatterns as project_urlpatterns


def slow(request: HttpRequest) -> JsonResponse:
    time.sleep(float(request.GET.get("seconds", "1")))
    return JsonResponse({"pid": os.getpid()})


urlpatterns = [path("deploy/slow/", slow, name="deploy-slow"), *project_urlpatterns]
