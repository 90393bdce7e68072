"""The rules of every game, one subpackage each; no game imports another."""
