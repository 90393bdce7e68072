"""The bomb-deck family's screens: the table (layout, hand fan, seat badges, the centre with
deck, discard, danger meter and clues, the log, the read panel, the animations made from
events), the hide-bomb picker and the choosers.

Every part draws from a seat's *view* (``Match.view_for``) or from the public view (seat
``-1``), never from the game state. ``kit.py`` registers them with ``game.ui.registry``.
"""
