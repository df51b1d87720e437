"""Tests of the dealers' pure planning: the rotation plan, proposed and checked."""
