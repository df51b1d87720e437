"""Patrons: the players a casino knows at its tables, their sessions and their cash, and the
anti-money-laundering thresholds their cash is held against."""
