"""The pit boss's live floor: the pit view and a table's, the pits' push stream, the alerts and
their acknowledgement, and the floor watch that raises alerts nobody else would.

A read side above what it reads: it owns no table, reads the floor, the money and the open
alerts through the views their owners publish (``pit_view``) and their selectors, and writes
only an alert's acknowledgement, through the core's alert models. It sits above the apps and
under the composition root, which wires its URLs (``casino.floor.api.urls``).
"""
