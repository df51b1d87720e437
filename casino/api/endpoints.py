"""The shapes of view every app's API repeats, each made from a declaration: a read of what
the route names, a filtered list, and an idempotent POST on what the route names: a request
filed, or the decision on a pending request under dual control.

A view made here is an ordinary ``APIView`` with the name it is given, documented in the
schema as if written out: ``doc`` is its operation's description (``None``: none), exactly as
a docstring of its method would be. Permission is not decided here: the read, list, ``act``
or ``decide`` a view is made with decides it, as every view's service or read does; so every
view made here may refuse ``permission_denied`` (403), and its schema says so beside the
refusals it is declared with.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import partial
from typing import Any, TypeVar

from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from casino.api.idempotency import idempotent
from casino.api.schema import refusals
from casino.api.shortcuts import IDEMPOTENCY_HEADER, found, validated
from casino.core.errors import AccessCode, DualControlCode

Serializer = type[serializers.Serializer]  # type: ignore[type-arg]
How = TypeVar("How")
Handler = Callable[..., Response]


def read_view(
    name: str,
    doc: str | None,
    *,
    read: Callable[[Any, int], Any],
    output: Serializer,
    many: bool = False,
) -> type[APIView]:
    """A GET view of what its route's one id names: ``output`` of ``read(user, id)`` (a list
    of them where ``many``), 404 ``not_found`` where ``read`` finds no such row."""

    class ReadApi(APIView):
        @extend_schema(
            responses={
                200: output(many=True) if many else output,
                **refusals(AccessCode.PERMISSION_DENIED),
            }
        )
        def get(self, request: Request, **route: int) -> Response:
            (pk,) = route.values()
            with found():
                subject = read(request.user, pk)
            return Response(output(subject, many=many).data)

    return _named(ReadApi, name, ReadApi.get, doc)


def list_view(
    name: str,
    doc: str | None,
    *,
    filters: Serializer,
    read: Callable[..., Any],
    output: Serializer,
    with_request: bool = False,
) -> type[APIView]:
    """A GET view of a list: ``output`` of each row ``read(user, **filters)`` answers (given
    the request in its context ``with_request``, for the links it builds), the query
    parameters validated by ``filters`` (400 in the one error shape otherwise)."""

    class ListApi(APIView):
        @extend_schema(
            parameters=[filters],
            responses={
                200: output(many=True),
                **refusals(AccessCode.PERMISSION_DENIED),
            },
        )
        def get(self, request: Request) -> Response:
            rows = read(request.user, **validated(filters, request.query_params))
            context = {"request": request} if with_request else {}
            return Response(output(rows, many=True, context=context).data)

    return _named(ListApi, name, ListApi.get, doc)


def post_view(
    name: str,
    doc: str | None,
    *,
    body: Serializer | PolymorphicProxySerializer | None,
    output: Serializer,
    refused: Iterable[str] = (),
    engine: bool = False,
    act: Callable[[Request, int], Response],
    status: int = 200,
    wrapped_in: Sequence[Callable[[Handler], Handler]] = (),
) -> type[APIView]:
    """An idempotent POST view that acts on what its route's one id names:
    ``act(request, id)`` checks, acts and answers ``output``, with ``status``; ``body`` is what
    it reads (``None``: no body; a proxy: one of several bodies), ``refused`` the codes it may
    refuse with beside ``permission_denied`` (with ``engine``: and any of the game engines').
    ``wrapped_in`` are the decorators that go outside ``idempotent`` (the outermost first), to
    see a refusal once the request's transaction has rolled back."""

    @idempotent
    def answered(view: APIView, request: Request, **route: int) -> Response:
        (pk,) = route.values()
        response = act(request, pk)
        response.status_code = status
        return response

    handler: Handler = answered
    for wrapper in reversed(wrapped_in):
        handler = wrapper(handler)

    class PostApi(APIView):
        post = extend_schema(
            request=body,
            responses={
                status: output,
                **refusals(AccessCode.PERMISSION_DENIED, *refused, engine=engine),
            },
            parameters=[IDEMPOTENCY_HEADER],
        )(handler)

    return _named(PostApi, name, PostApi.post, doc)


def decision_view(
    name: str,
    doc: str | None,
    *,
    body: Serializer | None,
    output: Serializer,
    refused: Iterable[str],
    decide: Callable[[Request, int], Response],
) -> type[APIView]:
    """An idempotent POST view that decides the pending request (a count, a slip, a
    retraction...) its route's one id names: ``decide(request, id)`` checks, acts and answers
    ``output``; ``body`` is what it reads (``None``: no body), ``refused`` what it may refuse
    with beside ``permission_denied``."""
    return post_view(name, doc, body=body, output=output, refused=refused, act=decide)


def decision_views(
    *,
    body: Serializer | None,
    output: Serializer,
    refused: Iterable[str],
    decide: Callable[[Request, int, How], Response],
    views: Iterable[tuple[str, How, str | None]],
) -> tuple[type[APIView], ...]:
    """The views that decide one kind of pending request in their ways (approve, reject,
    withdraw...), alike but for how: one :func:`decision_view` for each ``(name, how, doc)``
    of ``views``, in their order, whose ``decide(request, id, how)`` checks, acts and
    answers."""
    return tuple(
        decision_view(
            name,
            doc,
            body=body,
            output=output,
            refused=refused,
            decide=partial(decide, how=how),
        )
        for name, how, doc in views
    )


#: What every decision under dual control may be refused with beside ``permission_denied``:
#: the requester deciding, and a request decided already.
DUAL_CONTROL_REFUSALS = (DualControlCode.SELF_APPROVAL, DualControlCode.NOT_PENDING)


def noted_decision_views(
    *,
    find: Callable[[int], Any],
    body: Serializer,
    output: Serializer,
    refused_also: Iterable[str] = (),
    key: str,
    views: Iterable[tuple[str, Callable[..., Any], str | None]],
    answered: Callable[[Any], Any] | None = None,
) -> tuple[type[APIView], ...]:
    """The :func:`decision_views` of a request decided with a note alone (``body`` reads its
    ``note``): each view's ``how(<key>=id, actor=user, note=note)`` decides the request
    ``find(id)`` finds (404 ``not_found`` where it finds none, before the body is read), and
    answers ``output`` of ``answered(request)`` (by default: the request as ``find`` reads it
    again). It may refuse what any decision under dual control may
    (:data:`DUAL_CONTROL_REFUSALS`) and ``refused_also``, the workflow's own refusals."""

    def decide(request: Request, pk: int, how: Callable[..., Any]) -> Response:
        with found():
            pending = find(pk)
        note = validated(body, request.data)["note"]
        how(**{key: pending.pk}, actor=request.user, note=note)
        subject = find(pending.pk) if answered is None else answered(pending)
        return Response(output(subject).data)

    refused = (*DUAL_CONTROL_REFUSALS, *refused_also)
    return decision_views(body=body, output=output, refused=refused, decide=decide, views=views)


def _named(view: type[APIView], name: str, method: Any, doc: str | None) -> type[APIView]:
    # The schema reads an operation's description from its method's docstring.
    method.__doc__ = doc
    view.__name__ = view.__qualname__ = name
    return view
