"""Caza Bombas (RULES.md §4): the cooperative wire-cutting game. Described, not built yet."""
