"""The project's published OpenAPI schema, and validation of data against its components."""

from __future__ import annotations

import functools
from typing import Any

from openapi_schema_validator import OAS31Validator


@functools.cache
def openapi_schema() -> dict[str, Any]:
    """The schema as ``/api/v1/schema/`` publishes it (post-processing hooks included)."""
    from drf_spectacular.generators import SchemaGenerator

    return SchemaGenerator().get_schema(request=None, public=True)  # type: ignore[no-any-return]


@functools.cache
def _validator(component: str) -> OAS31Validator:
    schema = openapi_schema()
    return OAS31Validator(
        {"$ref": f"#/components/schemas/{component}", "components": schema["components"]}
    )


def assert_matches(component: str, data: Any) -> None:
    """Assert that ``data`` is valid against the published component ``component``."""
    errors = sorted(_validator(component).iter_errors(data), key=lambda e: list(e.path))
    assert not errors, [f"{list(e.path)}: {e.message}" for e in errors[:5]]
