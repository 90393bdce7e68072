"""The Caza Bombas scenario files and their expectations (expect.py)."""
