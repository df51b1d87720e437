"""The dealers' domain: their qualifications, their rotation through the tables, their pace and
accuracy.

``rotation`` is its pure planning part: a shift's rotation plan proposed from who is on shift
and qualified, and the rules any plan must meet, checked. Like ``casino.games`` it imports
nothing from Django, the database or the apps, so a plan can be made and checked on its own.
``pace`` and ``accuracy`` are read from the records: the rounds each dealer opened, kept as
they settle and corrections are approved (``payouts.DealerDayTotals``).
"""
