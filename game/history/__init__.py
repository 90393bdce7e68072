"""What is kept of finished games: the past games (``archive``), the players' record
(``record``), the deal of the day (``daily``) and the analysis of a finished game
(``review``). A layer above the match: it deals in dates (when a game ended, which day's deal
a code is), which the pure layers below never hold, and reads no clock itself: the caller
says when."""
