"""The Die Bombe scenario files and their expectations (expect.py)."""
