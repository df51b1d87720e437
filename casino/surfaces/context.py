"""What every page of the surfaces is given: the games, as the registry names them."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from casino.games.registry import GAME_CHOICES


def games(request: HttpRequest) -> dict[str, Any]:
    """``games``: each game's name for people by its code, for ``common/games.js``."""
    return {"games": dict(GAME_CHOICES)}
