"""The one exception type the pure engines raise.

Every refusal carries a stable, machine-readable ``code`` (snake_case, never reworded once
published: tablets and tests match on it), a human message, and structured ``data`` that says what
was wrong. The API layer renders it as a 4xx in the project's single error shape.
"""

from __future__ import annotations

from typing import Any


class GameError(Exception):
    """An input or action the rules do not allow.

    >>> err = GameError("card_unknown", "Not a card: 'Xx'", card="Xx")
    >>> err.code, err.data
    ('card_unknown', {'card': 'Xx'})
    """

    def __init__(self, code: str, message: str, **data: Any) -> None:
        super().__init__(message)
        # Codes are enum members (casino.games.codes); the refusal carries the plain string.
        self.code = str(code)
        self.message = message
        self.data = data

    def __repr__(self) -> str:
        return f"GameError({self.code!r}, {self.message!r})"
