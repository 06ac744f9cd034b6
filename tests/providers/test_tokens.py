from __future__ import annotations

import pytest

from providers.tokens import count_tokens, encoding_name, truncate_to_tokens


def test_encoding_is_o200k_base() -> None:
    assert encoding_name() == "o200k_base"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Counts published for o200k_base in OpenAI's "How to count tokens with tiktoken" cookbook.
        ("antidisestablishmentarianism", 6),
        ("2 + 2 = 4", 7),
        ("お誕生日おめでとう", 8),
        ("hello world", 2),
        ("tiktoken is great!", 6),
        ("", 0),
        ("Grüße aus München — ça va?", 9),
        ("I'm SO happy!!! 🎉🎉", 8),
    ],
)
def test_count_tokens_matches_o200k_base(text: str, expected: int) -> None:
    # when
    counted = count_tokens(text)

    # then
    assert counted == expected


def test_text_that_looks_like_a_special_token_counts_as_plain_text() -> None:
    # when
    counted = count_tokens("<|endoftext|>")

    # then it is not the single special token, and no error is raised
    assert counted == 7


def test_truncate_keeps_the_first_tokens() -> None:
    # when
    truncated = truncate_to_tokens("tiktoken is great!", 4)

    # then
    assert truncated == "tiktoken is"
    assert count_tokens(truncated) == 4


def test_truncate_returns_short_text_unchanged() -> None:
    # when / then
    assert truncate_to_tokens("tiktoken is great!", 6) == "tiktoken is great!"
    assert truncate_to_tokens("tiktoken is great!", 100) == "tiktoken is great!"


def test_truncate_to_zero_is_empty() -> None:
    assert truncate_to_tokens("tiktoken is great!", 0) == ""


def test_truncate_drops_a_character_split_across_tokens() -> None:
    # given "誕" is spread over the 2nd and 3rd tokens of this text
    text = "お誕生日おめでとう"

    # when
    truncated = truncate_to_tokens(text, 2)

    # then
    assert truncated == "お"


def test_truncate_rejects_a_negative_limit() -> None:
    with pytest.raises(ValueError):
        truncate_to_tokens("hello", -1)
