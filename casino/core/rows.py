"""Models read from a hand-written SQL statement, without the cost of a raw queryset.

The statements every request runs (the device token with its user, the round under its lock)
are written once in SQL. ``Manager.raw`` would map their columns to a model by name on every
call; a :class:`ModelRows` knows the model's columns and their converters up front, so a
statement selects them in a known order (``select``) and each row becomes an instance directly,
exactly as the ORM would build it (the fields' ``from_db_value`` applied).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cached_property
from typing import Any, Generic, TypeVar

from django.db import connection, models

M = TypeVar("M", bound=models.Model)

Converter = Callable[[Any, Any, Any], Any]


class ModelRows(Generic[M]):
    """The concrete columns of ``model`` under the SQL alias ``alias``, and the instances made
    from rows that start with them.

    >>> from django.contrib.auth.models import Group
    >>> ModelRows(Group, "g").select
    'g."id", g."name"'
    """

    def __init__(self, model: type[M], alias: str) -> None:
        self.model = model
        self.alias = alias

    @cached_property
    def _fields(self) -> list[models.Field]:  # type: ignore[type-arg]
        return list(self.model._meta.concrete_fields)

    @cached_property
    def select(self) -> str:
        """The select list of the model's columns, in the order :meth:`instance` reads them."""
        return ", ".join(f'{self.alias}."{field.column}"' for field in self._fields)

    @property
    def width(self) -> int:
        """How many values of a row are the model's (any further ones are the statement's)."""
        return len(self._fields)

    @cached_property
    def _converters(self) -> list[tuple[int, list[Converter], Any]]:
        table = self.model._meta.db_table
        found = []
        for index, field in enumerate(self._fields):
            converters = field.get_db_converters(connection)
            if converters:
                found.append((index, converters, field.get_col(table)))
        return found

    def instance(self, row: Sequence[Any]) -> M:
        """The model instance of the first :attr:`width` values of ``row``, as loaded from
        the database."""
        values = list(row[: self.width])
        for index, converters, column in self._converters:
            for converter in converters:
                values[index] = converter(values[index], column, connection)
        instance = self.model(*values)
        instance._state.adding = False
        instance._state.db = connection.alias
        return instance
