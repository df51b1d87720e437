"""Russian Poker: house-banked five-card stud against the dealer (RULES.md A.1)."""
