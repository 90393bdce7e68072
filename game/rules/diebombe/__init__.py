"""Die Bombe (RULES.md §5): secret bids and bombs. Described, not built yet."""
