"""The dealers: qualified for the games they deal, relieved by plan, measured by their own
rounds. Pace (``pace``) and accuracy (``accuracy``) are read from the records: the rounds each
dealer opened, kept as they settle and corrections are approved (``payouts.DealerDayTotals``)."""
