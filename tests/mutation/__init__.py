"""Mutation testing of the code that decides money (``make mutate``): the driver and the
pytest plugin of its runs. No tests here: the tests that kill the mutants live beside the
tests of the code they pin."""
