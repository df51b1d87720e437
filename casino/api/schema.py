"""What the OpenAPI schema adds to what drf-spectacular generates: the one error shape, every
operation's refusals, request bodies as strict as their serializers, and discriminated unions.

- The ``Error`` component is the body of every refusal, its ``code`` one of every code of the
  system (``casino.core.errors.all_codes``), so a client knows the whole vocabulary from the
  schema alone.
- Every operation documents the statuses it refuses with, each answering the ``Error``
  component and naming its codes. :class:`ApiAutoSchema` derives the refusals every view of
  the kind has (a body that is not valid, no credentials, an object not found, an
  ``Idempotency-Key`` reused...); a view declares the refusals of its own checks and services
  with :func:`refusals` in its ``extend_schema`` responses.
- A request body the API reads with a :class:`~casino.api.serializers.StrictSerializer` refuses
  fields it does not declare, a decimal is a string of its pattern, a text has no NUL (nor,
  unless it may be blank, only white space): the schema says so.
- A union discriminated by a property (the dealer action's ``action``) gives that property, in
  each member, the one value that selects it (:func:`pin_discriminators`).
- A nullable value of any type admits null (:func:`any_value_once`).
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from drf_spectacular.extensions import OpenApiSerializerExtension, OpenApiSerializerFieldExtension
from drf_spectacular.openapi import AutoSchema
from drf_spectacular.utils import OpenApiResponse, PolymorphicProxySerializer
from rest_framework.authentication import SessionAuthentication
from rest_framework.permissions import AllowAny, IsAuthenticated

from casino.api.idempotency import HEADER as IDEMPOTENCY_HEADER_NAME
from casino.core.errors import (
    ENGINE_CODE_ENUMS,
    AccessCode,
    RequestCode,
    ServiceCode,
    all_codes,
    status_of,
)

ERROR_REF = {"$ref": "#/components/schemas/Error"}

#: Any string without the NUL character.
NO_NUL = r"^[^\x00]*$"


#: The characters DRF trims (Python's ``str.strip``: those ``str.isspace`` names), written out
#: one by one. A schema's pattern is read as ECMA-262's, whose ``\s`` is not Python's: it leaves
#: out the separators U+001C to U+001F and U+0085, which Python trims, and takes in U+FEFF,
#: which Python keeps, so ``\s`` would let a client send as valid a value refused as blank.
WHITE_SPACE = (
    r"\u0009\u000a\u000b\u000c\u000d\u001c\u001d\u001e\u001f\u0020\u0085\u00a0\u1680"
    r"\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f"
    r"\u205f\u3000"
)
#: A string without the NUL character, with something besides white space.
NOT_BLANK = rf"^[^\x00]*[^\x00{WHITE_SPACE}][^\x00]*$"

#: Every code an engine refuses with; an operation that runs an engine may answer any of them.
ENGINE_CODES = frozenset(str(code) for enum in ENGINE_CODE_ENUMS for code in enum)

_BODY_CODES = (
    RequestCode.INVALID_INPUT,
    RequestCode.UNKNOWN_FIELD,
    RequestCode.PARSE_ERROR,
    RequestCode.NESTING_TOO_DEEP,
)


def error_component() -> dict[str, Any]:
    """The OpenAPI schema of the one error shape."""
    return {
        "type": "object",
        "required": ["error"],
        "properties": {
            "error": {
                "type": "object",
                "required": ["code", "message", "details"],
                "properties": {
                    "code": {
                        "type": "string",
                        "enum": sorted(str(code) for code in all_codes()),
                        "description": "Stable and machine-readable; never reworded.",
                    },
                    "message": {"type": "string", "description": "For people."},
                    "details": {
                        "type": "object",
                        "additionalProperties": True,
                        "description": "Structured data: the field, the expected event...",
                    },
                },
            }
        },
    }


class Refusals(OpenApiResponse):
    """The refusals of one status an operation declares; :class:`ApiAutoSchema` merges them
    with those it derives and documents each status once."""

    def __init__(self, codes: Iterable[str]) -> None:
        self.codes = frozenset(str(code) for code in codes)
        super().__init__(response=ERROR_REF, description=_describe(self.codes))


def refusals(*codes: str, engine: bool = False) -> dict[int, Refusals]:
    """``extend_schema`` responses for the refusals ``codes`` (and, with ``engine``, any of
    the game engines'), one response per status, the status each code's.

    >>> sorted(refusals("stale_event", "round_not_open"))
    [409]
    """
    by_status: dict[int, set[str]] = defaultdict(set)
    for code in (*codes, *(ENGINE_CODES if engine else ())):
        by_status[status_of(code)].add(str(code))
    return {status: Refusals(found) for status, found in sorted(by_status.items())}


class ApiAutoSchema(AutoSchema):
    """drf-spectacular's schema of an operation, with every refusal it may answer documented.

    Derived from the view: 503 everywhere while PostgreSQL cannot be reached; 400 for a body
    or query parameters that are not valid, or an ``Idempotency-Key`` malformed; 401 where
    credentials are read; 403 for a session's CSRF check on an unsafe method (and where a
    permission class checks more than sign-in); 404 where the path names an object; 413 for
    any body too large; 415 for a body that is not JSON; 422 for an ``Idempotency-Key``
    reused; 429 where a throttle applies. Declared by the view (:func:`refusals`): what its
    own checks and services refuse. A 405, 406 or 500 is the
    same everywhere and documented once, with the ``Error`` component (docs/api.md, "Errors").
    """

    def get_operation(self, *args: Any, **kwargs: Any) -> dict[str, Any] | None:
        operation = super().get_operation(*args, **kwargs)
        if operation is None:
            return None
        body = operation.get("requestBody")
        if body is not None and isinstance(
            self.get_request_serializer(), PolymorphicProxySerializer
        ):
            # Every member of a union body has required fields: the body cannot be left out.
            body["required"] = True
        by_status: dict[int, set[str]] = defaultdict(set)
        for code in self._derived_refusals(operation):
            by_status[status_of(code)].add(str(code))
        declared = self.get_response_serializers()
        if isinstance(declared, dict):
            for response in declared.values():
                if isinstance(response, Refusals):
                    for code in response.codes:
                        by_status[status_of(code)].add(code)
        responses = operation.setdefault("responses", {})
        for status in sorted(by_status):
            responses[str(status)] = {
                "description": _describe(by_status[status]),
                "content": {"application/json": {"schema": ERROR_REF}},
            }
        operation["responses"] = dict(sorted(responses.items()))
        return operation

    def _derived_refusals(self, operation: dict[str, Any]) -> set[str]:
        # Every operation reads PostgreSQL: while it cannot be reached, 503 (``Retry-After``).
        codes: set[str] = {ServiceCode.DATABASE_UNAVAILABLE}
        view = self.view
        unsafe = self.method not in ("GET", "HEAD", "OPTIONS")
        parameters = operation.get("parameters", [])
        if "requestBody" in operation:
            codes.update(_BODY_CODES)
            codes.add(RequestCode.UNSUPPORTED_MEDIA_TYPE)
        if unsafe:
            # The body is read (for the key's digest, or by the parser) even if not declared.
            codes.add(RequestCode.REQUEST_TOO_LARGE)
        # ``format`` picks a renderer (a wrong one is 404); the other query parameters are
        # filters, validated.
        if any(p.get("in") == "query" and p.get("name") != "format" for p in parameters):
            codes.update((RequestCode.INVALID_INPUT, RequestCode.UNKNOWN_FIELD))
        if any(p.get("in") == "path" for p in parameters) or re.search(r"{\w+}", self.path):
            codes.add(RequestCode.NOT_FOUND)
        if any(p.get("name") == IDEMPOTENCY_HEADER_NAME for p in parameters):
            codes.update((RequestCode.IDEMPOTENCY_KEY_INVALID, RequestCode.IDEMPOTENCY_KEY_REUSED))
        authenticators = view.get_authenticators()
        if authenticators:
            codes.update((AccessCode.NOT_AUTHENTICATED, AccessCode.AUTHENTICATION_FAILED))
        # Signed in is all IsAuthenticated asks (401 otherwise); a role's refusal is checked
        # in the view or its service, and declared there.
        if any(not isinstance(p, (AllowAny, IsAuthenticated)) for p in view.get_permissions()):
            codes.add(AccessCode.PERMISSION_DENIED)
        if unsafe and any(isinstance(a, SessionAuthentication) for a in authenticators):
            codes.add(AccessCode.CSRF_FAILED)
        if view.get_throttles():
            codes.add(RequestCode.THROTTLED)
        return {str(code) for code in codes}


class StrictSerializerExtension(OpenApiSerializerExtension):
    """A :class:`~casino.api.serializers.StrictSerializer`'s schema refuses other properties,
    as the serializer does (``unknown_field``)."""

    target_class = "casino.api.serializers.StrictSerializer"
    match_subclasses = True

    def map_serializer(self, auto_schema: AutoSchema, direction: Any) -> dict[str, Any]:
        schema: dict[str, Any] = auto_schema._map_serializer(
            self.target, direction, bypass_extensions=True
        )
        if direction == "request":
            schema["additionalProperties"] = False
        return schema


class DecimalStringFieldExtension(OpenApiSerializerFieldExtension):
    """A :class:`~casino.api.serializers.DecimalStringField` takes the strings of its pattern,
    and nothing else."""

    target_class = "casino.api.serializers.DecimalStringField"
    match_subclasses = True

    def map_serializer_field(self, auto_schema: AutoSchema, direction: Any) -> dict[str, Any]:
        schema = _without_null(
            auto_schema._map_serializer_field(self.target, direction, bypass_extensions=True)
        )
        if direction == "request":
            schema.update(type="string", format="decimal", pattern=self.target.pattern())
            for bound in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
                schema.pop(bound, None)
        return schema


class CharFieldExtension(OpenApiSerializerFieldExtension):
    """A text field refuses the NUL character (DRF's own validator: PostgreSQL cannot store
    it), and, unless it allows blank, a value that is only white space: so does its schema."""

    target_class = "rest_framework.fields.CharField"
    match_subclasses = True

    def map_serializer_field(self, auto_schema: AutoSchema, direction: Any) -> dict[str, Any]:
        schema = _without_null(
            auto_schema._map_serializer_field(self.target, direction, bypass_extensions=True)
        )
        if direction == "request" and schema.get("type") == "string":
            field = self.target
            # Blank after DRF trims it is refused unless the field allows blank.
            refuses_blank = not field.allow_blank and field.trim_whitespace
            schema.setdefault("pattern", NOT_BLANK if refuses_blank else NO_NUL)
        return schema


def _without_null(schema: dict[str, Any]) -> dict[str, Any]:
    """A field's schema without its nullability, which the caller of an extension adds again."""
    if isinstance(schema.get("type"), list):
        kinds = [kind for kind in schema["type"] if kind != "null"]
        schema["type"] = kinds[0] if len(kinds) == 1 else kinds
    return schema


def _describe(codes: Iterable[str]) -> str:
    codes = set(codes)
    engine = codes & ENGINE_CODES
    parts = [f"`{code}`" for code in sorted(codes - ENGINE_CODES)]
    if engine:
        parts.append(f"a refusal of the game's rules ({len(engine)} codes of the `Error` enum)")
    return "Refused: " + ", ".join(parts) + "."


def pin_discriminators(schemas: dict[str, Any]) -> None:
    """For each union with a discriminator, give the discriminating property of each member
    (and of each member's own variants) the one value its mapping selects it by.

    A member that is itself a union of variants (an action whose fields differ from game to
    game) becomes ``anyOf``: a body may fit several games' variants (the same fields, other
    bounds), and the round's game, not the body, decides which applies.
    """
    for schema in list(schemas.values()):
        discriminator = schema.get("discriminator")
        if not discriminator:
            continue
        name = discriminator["propertyName"]
        for value, ref in discriminator.get("mapping", {}).items():
            target = schemas[ref.rsplit("/", 1)[-1]]
            if "oneOf" in target:
                target["anyOf"] = target.pop("oneOf")
            for member in _variants(schemas, target):
                member.setdefault("properties", {})[name] = {"type": "string", "enum": [value]}


def _variants(schemas: dict[str, Any], schema: dict[str, Any]) -> list[dict[str, Any]]:
    union = schema.get("anyOf", [])
    return [schemas[sub["$ref"].rsplit("/", 1)[-1]] for sub in union if "$ref" in sub] or [schema]


def any_value_once(schema: Any) -> Any:
    """``schema`` with each nullable value of any type (``oneOf: [{}, {"type": "null"}]``, as
    drf-spectacular writes a nullable JSON field for OpenAPI 3.1) written as any value: ``null``
    matches both members, which ``oneOf`` forbids, so the published form refuses every null."""
    if isinstance(schema, dict):
        if schema.get("oneOf") == [{}, {"type": "null"}]:
            rest = {key: value for key, value in schema.items() if key != "oneOf"}
            return any_value_once(rest)
        return {key: any_value_once(value) for key, value in schema.items()}
    if isinstance(schema, list):
        return [any_value_once(item) for item in schema]
    return schema


def add_error_component(result: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
    """drf-spectacular post-processing hook: put the ``Error`` component in the schema, pin the
    discriminators' values, and let a nullable value of any type be null."""
    schemas = result.setdefault("components", {}).setdefault("schemas", {})
    schemas["Error"] = error_component()
    pin_discriminators(schemas)
    result["components"]["schemas"] = any_value_once(schemas)
    return result
