"""Each game's adapter between the rounds service and its pure engine in ``casino.games``."""
