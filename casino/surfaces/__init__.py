"""The users' working surfaces, served by the project itself: web pages on the same API (today
the pit boss's live pit board). Part of the composition root: a page may read any app."""
