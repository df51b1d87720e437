"""Tests of the dealers: the rotation plan (pure code), pace and accuracy by record."""
