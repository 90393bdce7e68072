"""Die Bombe's screens: the bidding table, its parts and its kit (``kit.KIT``)."""
