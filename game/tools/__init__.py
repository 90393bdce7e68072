"""Command-line tools at the top layer: the only code below the screens that reads the clock."""
