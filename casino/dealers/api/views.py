"""The dealers API: thin views over ``casino.dealers.reads``, which decide every permission."""

from __future__ import annotations

from casino.api.endpoints import list_view
from casino.dealers import reads
from casino.dealers.api import serializers as shapes

DealerPaceApi = list_view(
    "DealerPaceApi",
    """Each dealer's pace over a casino's gaming days, from the rounds' own records: rounds
    per hour by game, table and occupancy, the time inside a round and between rounds apart,
    against the casino's norm for the game (pit bosses, auditors, admins; a dealer their own).""",
    filters=shapes.PeriodFilterSerializer,
    read=reads.pace_read,
    output=shapes.PaceOutputSerializer,
)

DealerAccuracyApi = list_view(
    "DealerAccuracyApi",
    """Each dealer's accuracy over a casino's gaming days: rounds dealt, approved voids, payout
    corrections (with the amounts) and retractions, also per 1,000 rounds (pit bosses,
    auditors, admins; a dealer their own).""",
    filters=shapes.PeriodFilterSerializer,
    read=reads.accuracy_read,
    output=shapes.AccuracyOutputSerializer,
)
