"""The bomb-deck family: Bombazo, Bomba en el Mazo and Clásico on one engine."""
