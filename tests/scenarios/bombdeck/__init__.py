"""The bomb-deck scenario files and their expectations (expect.py)."""
