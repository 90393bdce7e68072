"""The foundation every game shares: randomness, errors, configs, the engine contract."""
