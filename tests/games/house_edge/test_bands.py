"""Ante bands: the table maximum starts to bind on one more paytable line at each band's first
Ante, and not one chip below it."""

from __future__ import annotations

import doctest
from decimal import Decimal as D

import pytest

from casino.games.house_edge import bands
from casino.games.house_edge.bands import BET_ANTES, ante_bands, band_of
from casino.games.russian import Paytables


def test_the_examples_hold() -> None:
    outcome = doctest.testmod(bands)
    assert outcome.attempted > 0 and outcome.failed == 0


@pytest.mark.parametrize(("cap", "unit"), [(D(5000), D(1)), (D(200), D(1)), (D(1234), D("0.5"))])
def test_each_band_starts_where_one_more_line_s_winnings_pass_the_maximum(cap: D, unit: D) -> None:
    paytables = Paytables.standard()
    starts = ante_bands(
        paytables, ante_min=unit, ante_max=D(10_000), max_payout=cap, chip_unit=unit
    )

    def capped_lines(ante: D) -> int:
        return sum(1 for m in set(paytables.main.values()) if BET_ANTES * ante * m > cap)

    assert starts[0] == unit
    for start in starts[1:]:
        assert start % unit == 0
        assert capped_lines(start) > capped_lines(start - unit)
    # Between two starts, no line starts to bind.
    every_ante = [unit * n for n in range(1, int(D(10_000) / unit) + 1)]
    changes = [a for a in every_ante[1:] if capped_lines(a) != capped_lines(a - unit)]
    assert changes == list(starts[1:])


def test_without_a_maximum_or_within_its_reach_there_is_one_band() -> None:
    paytables = Paytables.standard()
    assert ante_bands(
        paytables, ante_min=D(10), ante_max=D(500), max_payout=None, chip_unit=D(1)
    ) == (D(10),)
    assert ante_bands(
        paytables, ante_min=D(1), ante_max=D(5), max_payout=D(100_000), chip_unit=D(1)
    ) == (D(1),)
    with pytest.raises(ValueError, match="no Ante range"):
        ante_bands(paytables, ante_min=D(5), ante_max=D(1), max_payout=None, chip_unit=D(1))


def test_an_ante_falls_in_the_last_band_that_starts_at_or_below_it() -> None:
    starts = (D(10), D(26), D(51))
    assert [band_of(starts, D(a)) for a in (5, 10, 25, 26, 50, 51, 500)] == [0, 0, 0, 1, 1, 2, 2]
