"""Pure game engines: cards, hand evaluation, Russian Poker, Ruby Run, Red Dog.

Nothing here imports Django, Celery or the apps (an import-linter contract checks it), so every
engine can be tested and replayed on its own.
"""
