"""Writes of the emotional-intelligence layer: mood logs, crisis flags, patterns, triggers, insights."""
