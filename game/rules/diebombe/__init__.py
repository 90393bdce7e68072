"""Die Bombe (RULES.md §5): secret bids for face-up cards, bombs that cover won cards."""
