"""The scenario corpus: one folder per family of the registry (tests/scenario_runner.py)."""
