"""The parts of the bomb-deck table screen: layout, hand fan, seat badges, the centre (deck,
discard, danger meter, clues), the log, the read panel and the animations made from events.

The table scene (``game.ui.scenes.table``) puts them together. Every part draws from a seat's
*view* (``Match.view_for``) or from the public view (seat ``-1``), never from the game state.
"""
