"""Placeholder: the local OpenAI-compatible stub server fixture is being written."""
