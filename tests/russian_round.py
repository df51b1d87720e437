"""The Russian Poker rounds the tests and the benchmarks play, as a tablet sends them.

``FOUR_BOX_ROUND``: four boxes with Antes, no more bets, the deal, the decisions (a Bet, a
fold, a sixth card then a Bet, a Bet) and the dealer's reveal: sixteen actions, then the
settlement. ``RP01_ROUND``: RULES 1.13's vector RP01 at box 1, six actions.
"""

from __future__ import annotations

from typing import Any

BOXES = {
    1: "8h 8s Kd 7c 3s",
    2: "Jh Jd 9c 5s 4h",
    3: "5h 4s 3d 2d Ks",
    4: "Qh Qc 7d 4d 2s",
}
DEALER_UP = "2c"
DEALER_DOWN = "Ac Kh 9d 6s"

#: RP01: Ante 10 and a Bet of 20 at box 1, the player's pair of eights against the dealer's
#: ace-king; staked 30, paid 50. (action, fields) in the order the dealer records them.
RP01_ROUND: list[tuple[str, dict[str, Any]]] = [
    ("place_wagers", {"box": 1, "player": "P1", "ante": "10", "bonus": None}),
    ("close_bets", {}),
    ("deal_box", {"box": 1, "cards": "8h 8s Kd 7c 3s".split()}),
    ("deal_card", {"target": "dealer", "card": "2c"}),
    ("bet", {"box": 1}),
    ("reveal_dealer", {"cards": "Ac Kh 9d 6s".split()}),
]

#: (action, fields) in the order the dealer records them.
FOUR_BOX_ROUND: list[tuple[str, dict[str, Any]]] = [
    *(("place_wagers", {"box": box, "player": f"P{box}", "ante": "10"}) for box in BOXES),
    ("close_bets", {}),
    *(("deal_box", {"box": box, "cards": cards.split()}) for box, cards in BOXES.items()),
    ("deal_card", {"target": "dealer", "card": DEALER_UP}),
    ("bet", {"box": 1}),
    ("fold", {"box": 2}),
    ("buy_sixth_card", {"box": 3, "card": "Ah"}),
    ("bet", {"box": 3}),
    ("bet", {"box": 4}),
    ("reveal_dealer", {"cards": DEALER_DOWN.split()}),
]


def play_through_the_services(
    opened: Any, dealer: Any, actions: list[tuple[str, dict[str, Any]]] = FOUR_BOX_ROUND
) -> None:
    """``actions`` (``FOUR_BOX_ROUND`` unless given) recorded by ``dealer`` at the open round
    ``opened`` through the round service, as the dealer's API calls it (each action read as
    the API reads it)."""
    from tables.api.actions import read_action
    from tables.services.rounds import round_act

    for seen, (action, fields) in enumerate(actions):
        body = {"expected_event": seen, "action": action, **fields}
        round_act(
            round_id=opened.pk,
            actor=dealer,
            expected_event=seen,
            action=action,
            data=read_action(opened.game, body),
        )
