"""Caza Bombas' screens: the table, the briefing and mission choice, its screenshot states."""
