"""Writes of the consolidation engine: the periodic pass and the debounced deferred pass."""
