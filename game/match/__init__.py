"""Drives games: seats, machine turns, the pending decision; headless play for the sim."""
