"""Tables across a local network (issue 22, docs/NETWORK.md).

A layer beside ``game.match``, below the screens: the host's :class:`~game.match.match.Match`
stays the only truth; a server sends each connected computer only what its seats may see (their
views, the feed items they may see, whether they are to act) and turns a validated message into
``Match.submit``. Nothing here imports pygame or names a game.
"""
