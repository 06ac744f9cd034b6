"""Consolidation: decay, episode-to-pattern compression, pruning, expiry (its own issue)."""
