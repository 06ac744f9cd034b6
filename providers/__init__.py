"""One seam per external provider: embeddings, the LLM, token counting.

These modules are the only places that talk to (or load) a model; tests swap providers here and
nowhere else.
"""
