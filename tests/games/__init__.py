"""Tests of the pure game engines."""

import pytest

# The shared refusal checks are plain asserts: rewritten, a failure shows the values compared.
pytest.register_assert_rewrite("tests.games.refusals")
