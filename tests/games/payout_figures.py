"""The check every game's settlement passes: the figures a dealer pays from add up.

Per line, what is taken, paid and left on the layout accounts for its stake and what it
returns; per box or seat, the figures are the sums of its lines, its net follows from them, and
anything withheld says why in words; for the round, ``sum(pay) - sum(take)`` (with what was
settled while the round was played, and the chips a pot game carries between games) is minus
the house result.
"""

from __future__ import annotations

from collections import defaultdict
from decimal import Decimal as D

from casino.games.contract import GameResult, Position


def check_payout_figures(result: GameResult) -> None:
    zero = D(0)
    sums: dict[Position, list[D]] = defaultdict(lambda: [zero] * 5)
    for line in result.lines:
        assert min(line.take, line.pay, line.stays) >= zero, line
        assert min(line.collected_in_play, line.paid_in_play) >= zero, line
        assert line.take + line.stays + line.collected_in_play == line.stake, line
        assert line.pay + line.stays + line.paid_in_play == line.paid, line
        assert line.label, line
        assert bool(line.reason_text) == bool(line.reason), line
        own = sums[line.position]
        for index, value in enumerate(
            (line.take, line.pay, line.stays, line.collected_in_play, line.paid_in_play)
        ):
            own[index] += value
    for position in result.positions:
        take, pay, stays, collected, paid = sums[position.position]
        assert (position.take, position.pay, position.stays, position.paid_in_play) == (
            take,
            pay,
            stays,
            paid,
        )
        # A stake no line accounts for (a pot game's chips put into the pot) went in in play.
        assert position.collected_in_play >= collected
        assert position.net == (
            position.pay - position.take + position.paid_in_play - position.collected_in_play
        )
        assert bool(position.withheld_reason) == (position.withheld > zero), position
        assert "max_payout" not in position.withheld_reason
    assert result.take == sum((p.take for p in result.positions), zero)
    assert result.pay == sum((p.pay for p in result.positions), zero)
    assert result.stays == sum((p.stays for p in result.positions), zero)
    settled_in_play = result.paid_in_play - result.collected_in_play
    assert result.pay - result.take + settled_in_play == (
        -result.house_result + result.carried_in - result.carried_out
    )
    if not settled_in_play and not result.carried_in and not result.carried_out:
        assert result.pay - result.take == -result.house_result
