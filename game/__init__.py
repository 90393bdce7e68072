"""Mecha Corta: a desktop collection of bomb card games.

Layers point down only: ``ui -> match -> bots -> rules -> core`` (see docs/ARCHITECTURE.md).
"""

__version__ = "0.1.0"
