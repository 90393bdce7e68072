"""Parts every game's table screen shares (the autosave notice today; the table engineers
move the shared hand, badges and staging here as the next games need them)."""
