"""The async client is written beside the sync one, not generated from it: the two must offer the same methods."""

from __future__ import annotations

import inspect

from rapport_client import AsyncRapportClient, RapportClient


def _public_methods(cls: type) -> dict[str, inspect.Signature]:
    return {
        name: inspect.signature(member)
        for name, member in inspect.getmembers(cls, inspect.isfunction)
        if not name.startswith("_") and name not in {"close", "aclose"}
    }


def test_the_async_client_has_every_method_of_the_sync_client_with_the_same_signature() -> None:
    # given both clients' public methods
    sync_methods, async_methods = _public_methods(RapportClient), _public_methods(AsyncRapportClient)

    # then they have the same names, parameters and return types, and every async one is a coroutine
    assert sorted(sync_methods) == sorted(async_methods)
    assert {name: str(signature) for name, signature in sync_methods.items()} == {
        name: str(signature) for name, signature in async_methods.items()
    }
    assert all(inspect.iscoroutinefunction(getattr(AsyncRapportClient, name)) for name in async_methods)
    assert len(sync_methods) >= 20
