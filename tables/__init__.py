"""Pits, tables, rule sets, boxes, dealer assignments, rounds and their events; the dealer API."""
