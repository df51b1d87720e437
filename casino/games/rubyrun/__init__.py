"""Ruby Run: a community-card poker game ranked by same-colour runs (RULES.md A.2)."""
