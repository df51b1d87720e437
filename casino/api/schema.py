"""What the OpenAPI schema adds to what drf-spectacular generates: the one error shape.

The ``Error`` component is the body of every refusal, its ``code`` one of every code of the
system (``casino.core.errors.all_codes``), so a client knows the whole vocabulary from the
schema alone.
"""

from __future__ import annotations

from typing import Any

from casino.core.errors import all_codes


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


def add_error_component(result: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
    """drf-spectacular post-processing hook: put the ``Error`` component in the schema."""
    result.setdefault("components", {}).setdefault("schemas", {})["Error"] = error_component()
    return result
