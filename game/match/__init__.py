"""Drives games: seats, machine turns, whose decision is pending; headless play for the sim."""

from game.match.headless import BotError, GameRecord, bots_for, play_game

__all__ = ["BotError", "GameRecord", "bots_for", "play_game"]
