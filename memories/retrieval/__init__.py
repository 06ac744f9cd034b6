"""Multi-signal retrieval for ``GET /context`` (contact-intelligence §2.3, AI Brain §3)."""
