"""Paytables, wagers, settlements, payouts and pot ledgers; the settlement services."""
