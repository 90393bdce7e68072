"""Machine players; they receive a seat's view, never the state. ``game.bots.registry`` says
which players sit at which game's tables."""
