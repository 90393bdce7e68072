"""Caza Bombas (RULES.md §4): the cooperative wire-cutting game, training missions 1–8."""
