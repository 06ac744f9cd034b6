"""Bad input answered clearly (issue 9), as properties: whatever text or payload arrives — any unicode, control
characters, RTL marks, emoji, NUL bytes, lone surrogates, huge, empty, malformed — the rules never raise, POST /ingest
answers 2xx or a 4xx with JSON field messages (never a 5xx), and the deferred task never crashes on what was accepted.

Run alone to see the figures (recorded in RELIABILITY.md):
    RAPPORT_TEST_DB_SUFFIX=_props .venv/bin/python -m pytest --ds=tests.settings -q tests/security/test_properties.py \
        --hypothesis-show-statistics
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta, timezone
from typing import Any

import pytest
from django.conf import settings as django_settings
from django.db import transaction
from hypothesis import HealthCheck, event, example, given, settings
from hypothesis import strategies as st
from rest_framework.test import APIClient

from config.parsers import MAX_JSON_DEPTH
from contacts.models import Energy, Message, Mood, Style, Tenant
from ingest.serializers import IngestInputSerializer
from ingest.tasks import process_message
from memories.extraction import Candidate, EntityMention, Extraction, extract
from memories.models import Memory
from moods.classification.keywords import classify_keywords
from moods.classification.reading import MoodReading
from moods.crisis import CrisisMatch, detect_crisis
from tests.factories import ContactFactory

LIMIT = django_settings.INGEST_MAX_MESSAGE_BYTES  # 16 KB of UTF-8
FIELDS = frozenset(IngestInputSerializer().fields)
MINIMAL = {"contact_id": "a", "message": "hi", "role": "user", "conversation_id": "c"}
# Fixed budgets: the whole file runs in well under a minute.
# derandomize: the same examples on every run, so CI is reproducible (new seeds were tried while writing these).
RULES = settings(
    max_examples=300, deadline=None, database=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
API = settings(
    max_examples=150,
    deadline=None,
    database=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

# --- text ------------------------------------------------------------------------------------------------------------

# How hostile or merely unusual messages arrive: bidi overrides, zero-width joiners, a BOM, combining marks, letters
# whose case mapping changes length, multi-code-point emoji, Windows line ends, ANSI escapes, NUL, format strings.
ODD_PIECES = (
    "\x00", "\u202e", "\u202d", "\u200f", "\u200e", "\u2066", "\u200b", "\u200d", "\ufeff", "\u0301", "\u20dd",
    "İ", "ß", "ﬃ", "ǅ", "\u0130\u0307", "👨‍👩‍👧‍👦", "🏳️‍🌈", "😂", "🙏", ":)", ":(", "\r\n", "\t", "\x1b[31m", "\x7f",
    "שלום", "مرحبا", "你好", "𝔘𝔫𝔦𝔠𝔬𝔡𝔢", "\U0010fffd", "\ufffd", "'", '"', "\\", "%s", "{0}", "${x}", "<script>",
)  # fmt: skip
# Phrases the rules react to, so the odd characters land inside matches too, not only around them.
RULE_PHRASES = (
    "my dog Bruno", "I live in Pune", "I work at Acme", "my name is Ana", "I love hiking", "I hate mornings",
    "my sister Priya lives in Goa", "I'm 34 years old", "I want to kill myself", "no reason to live", "haha",
    "ugh", "thank you", "I'm so worried", "can't wait", "not", "I", "my", "is", " ", ".", "!", "?", "...",
)  # fmt: skip

# Every code point UTF-8 can carry: all but the surrogates (those only arrive as JSON escapes: see json_text).
any_char = st.characters(codec="utf-8")
odd_char = st.one_of(st.characters(categories=["Cc", "Cf", "Zl", "Zp", "Zs", "Mn", "Me", "Co"]), any_char)
pieces = st.one_of(st.sampled_from(ODD_PIECES), st.sampled_from(RULE_PHRASES), st.text(odd_char, max_size=8))


def _to_bytes(text: str, size: int) -> str:
    """``text`` repeated to ``size`` bytes of UTF-8 (cut at a character boundary)."""
    unit = text or "a"
    repeated = unit * (size // max(1, len(unit.encode("utf-8"))) + 1)
    return repeated.encode("utf-8")[:size].decode("utf-8", errors="ignore")


huge_text = st.builds(
    _to_bytes,
    st.lists(pieces, min_size=1, max_size=6).map(" ".join),
    st.one_of(st.sampled_from([LIMIT - 1, LIMIT, LIMIT + 1, 4 * LIMIT]), st.integers(1, 2 * LIMIT)),
)
hostile_text = st.one_of(
    st.text(any_char),
    st.text(odd_char),
    st.lists(pieces, max_size=30).map("".join),
    st.lists(pieces, max_size=30).map(" ".join),
    huge_text,
)
roles = st.one_of(st.sampled_from(["user", "assistant", "system", "USER", "", " user"]), st.text(max_size=10))

# --- the rules -------------------------------------------------------------------------------------------------------


@RULES
@given(text=hostile_text, role=roles)
@example(text="", role="user")
@example(text="\x00" * LIMIT, role="user")
@example(text="my dog \u202eonurB\u202c ate my shoes", role="user")
def test_extract_never_raises_and_returns_an_extraction(text: str, role: str) -> None:
    result = extract(text, role=role)

    assert isinstance(result, Extraction)
    assert isinstance(result.meaningful, bool)
    assert all(isinstance(c, Candidate) and isinstance(c.content, str) and c.content for c in result.candidates)
    assert all(isinstance(m, EntityMention) and m.key and m.ref for m in result.mentions)
    if role != "user":
        assert result == Extraction(candidates=(), mentions=(), meaningful=False)


@RULES
@given(text=hostile_text)
@example(text="")
@example(text="I want to kill myself" + "\x00" * 10)
def test_detect_crisis_never_raises_and_returns_a_match_or_none(text: str) -> None:
    result = detect_crisis(text)

    assert result is None or (isinstance(result, CrisisMatch) and result.phrase in text)


@RULES
@given(text=hostile_text)
@example(text="")
@example(text="😂" * LIMIT)
def test_classify_keywords_never_raises_and_returns_a_valid_reading(text: str) -> None:
    reading = classify_keywords(text)

    assert isinstance(reading, MoodReading)
    assert reading.mood in Mood.values
    assert reading.energy in Energy.values
    assert reading.style in Style.values
    assert 0.0 <= reading.confidence <= 1.0


# --- any body to POST /ingest ----------------------------------------------------------------------------------------

# JSON carries what a str from st.characters() cannot: unpaired surrogates ("\ud800"), escaped on the wire.
json_text = st.one_of(hostile_text, st.text(st.one_of(st.characters(categories=["Cs"]), odd_char), max_size=20))
short_text = st.one_of(st.text(odd_char, max_size=20), json_text.map(lambda t: t[:300]))
ids = st.one_of(st.from_regex(r"[a-z0-9_-]{1,20}", fullmatch=True), short_text)
scalars = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), short_text)
junk = st.recursive(
    scalars, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(short_text, inner, max_size=4), max_leaves=25
)
offsets = st.integers(-(24 * 60 - 1), 24 * 60 - 1).map(lambda minutes: timezone(timedelta(minutes=minutes)))
timestamps = st.one_of(
    st.datetimes(timezones=st.one_of(st.just(UTC), offsets)).map(datetime.isoformat),  # years 1..9999, any offset
    st.datetimes().map(datetime.isoformat),  # naive
    st.sampled_from([
        "0001-01-01T00:00:00+23:59", "9999-12-31T23:59:59.999999-23:59", "0001-01-01T00:00:00Z",
        "9999-12-31T23:59:59Z", "2024-02-30T10:00:00Z", "2024-13-01T00:00:00Z", "2024-01-01T24:00:00Z",
        "2024-01-01", "1700000000", "yesterday", "", " 2024-01-01T00:00:00Z ", "2024-01-01T00:00:00+99:00",
    ]),
    junk,
)  # fmt: skip
payloads = st.fixed_dictionaries(
    {"contact_id": ids, "message": json_text, "role": st.sampled_from(["user", "assistant"]), "conversation_id": ids},
    optional={
        "message_id": ids, "timestamp": timestamps, "display_name": short_text, "channel": short_text,
        "metadata": st.one_of(st.dictionaries(short_text, junk, max_size=6), junk),
    },
)  # fmt: skip


@st.composite
def mangled_payloads(draw: st.DrawFn) -> dict[str, Any]:
    """A payload with fields missing, extra fields and wrong-typed values."""
    payload = draw(payloads)
    for name in draw(st.sets(st.sampled_from(sorted(FIELDS)))):
        payload.pop(name, None)
    payload.update(draw(st.dictionaries(st.sampled_from(sorted(FIELDS)), junk, max_size=3)))
    payload.update(draw(st.dictionaries(short_text, junk, max_size=3)))
    return payload


def _json(value: Any, ascii_only: bool = True) -> bytes:
    # ensure_ascii escapes unpaired surrogates (valid JSON text); without it they go out as invalid UTF-8.
    return json.dumps(value, ensure_ascii=ascii_only).encode("utf-8", errors="surrogatepass")


def _deep_metadata(depth: int) -> bytes:
    """A valid message whose metadata nests ``depth`` objects deep (the body adds one level)."""
    return _json(MINIMAL)[:-1] + b', "metadata": ' + b'{"a": ' * depth + b"1" + b"}" * depth + b"}"


bodies = st.one_of(
    st.builds(_json, payloads, st.booleans()),
    st.builds(_json, mangled_payloads(), st.booleans()),
    st.builds(_json, junk, st.booleans()),  # JSON, but not an object
    st.binary(max_size=300),  # not JSON, maybe not UTF-8
    st.sampled_from([b"", b"{", b"null", b"[]", b'{"message": NaN}', b'{"a": 1e400}', b"\xef\xbb\xbf{}"]),
)
idempotency_keys = st.one_of(st.none(), st.text(st.characters(max_codepoint=255), max_size=300))


@pytest.mark.django_db
@settings(API, max_examples=300)  # most bodies are refused before the database: cheap
@given(body=bodies, idempotency_key=idempotency_keys)
@example(body=_json({**MINIMAL, "message": "hi\x00"}), idempotency_key=None)
@example(body=_json({**MINIMAL, "metadata": {"k": "\x00"}}), idempotency_key=None)
@example(body=_json({**MINIMAL, "metadata": {"\ud800": "x"}}), idempotency_key=None)
@example(body=_json({**MINIMAL, "timestamp": "0001-01-01T00:00:00+23:59"}), idempotency_key=None)
@example(body=_json({**MINIMAL, "timestamp": "9999-12-31T23:59:59Z"}), idempotency_key=None)
@example(body=_json(MINIMAL), idempotency_key="k\x00")
@example(body=b"[" * 100_000, idempotency_key=None)
@example(body=_deep_metadata(500), idempotency_key=None)
@example(body=_deep_metadata(900), idempotency_key=None)
def test_ingest_answers_any_body_with_2xx_or_a_clear_4xx_and_the_worker_never_crashes(
    api_client: APIClient, tenant: Tenant, caplog: pytest.LogCaptureFixture, body: bytes, idempotency_key: str | None
) -> None:
    with _rolled_back(caplog):
        # when any body is posted
        response = _post_ingest(api_client, body, idempotency_key)

        # then 2xx (and the deferred tier finishes it), or a 4xx whose JSON body says what is wrong in words
        event(f"status {response.status_code}")
        assert response.status_code < 500, response.content[:2000]
        if response.status_code >= 400:
            _assert_clear_error(response, body)
        else:
            _assert_processed(tenant, response.json())


# --- valid but hostile messages --------------------------------------------------------------------------------------

storable_text = st.text(st.characters(codec="utf-8", exclude_characters="\x00"), max_size=40)
present_text = storable_text.filter(str.strip)
json_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False, allow_infinity=False), storable_text),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(storable_text, inner, max_size=3),
    max_leaves=10,
)
valid_payloads = st.fixed_dictionaries(
    {
        "contact_id": present_text,
        "message": hostile_text.map(lambda t: t.replace("\x00", "")).filter(
            lambda t: t.strip() and len(t.encode("utf-8")) <= LIMIT
        ),
        "role": st.sampled_from(["user", "assistant"]),
        "conversation_id": present_text,
    },
    optional={
        "message_id": present_text,
        "timestamp": st.datetimes(timezones=st.just(UTC)).map(datetime.isoformat),  # years 1..9999
        "display_name": storable_text,
        "channel": storable_text,
        "metadata": st.dictionaries(storable_text, json_values, max_size=5),
    },
)


@pytest.mark.django_db
@API
@given(payload=valid_payloads)
@example(payload={**MINIMAL, "message": "My dog Bruno ate my shoes", "timestamp": "9999-12-31T23:59:59.999999+00:00"})
@example(payload={**MINIMAL, "message": "I live in Pune", "timestamp": "0001-01-01T00:00:00+00:00"})
@example(payload={**MINIMAL, "contact_id": "\u202e", "conversation_id": "\ufeff", "message": "\u202e\u200d😂" * 100})
@example(payload={**MINIMAL, "message": _to_bytes("my dog Bruno 😂 ", LIMIT)})
def test_ingest_accepts_hostile_but_valid_messages_and_the_worker_finishes_them(
    api_client: APIClient, tenant: Tenant, caplog: pytest.LogCaptureFixture, payload: dict[str, Any]
) -> None:
    with _rolled_back(caplog):
        # when a payload valid in every field but odd in every way is posted
        response = _post_ingest(api_client, _json(payload), None)

        # then it is accepted, and the deferred tier finishes it
        assert response.status_code == 202, response.json()
        _assert_processed(tenant, response.json())


class _Undo(Exception):
    """Rolls an example back, so every payload meets the same empty tenant."""


@contextmanager
def _rolled_back(caplog: pytest.LogCaptureFixture) -> Iterator[None]:
    """Run one example in a savepoint rolled back afterwards; fail it if anything logged an error meanwhile (the
    immediate tier and the mood step catch their exceptions, log them and carry on: that is where a crash shows)."""
    caplog.clear()
    caplog.set_level(logging.ERROR)
    try:
        with transaction.atomic():
            yield
            assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == []
            raise _Undo
    except _Undo:
        pass


def _post_ingest(client: APIClient, body: bytes, idempotency_key: str | None) -> Any:
    headers = {} if idempotency_key is None else {"HTTP_IDEMPOTENCY_KEY": idempotency_key}
    return client.generic("POST", "/ingest", body, content_type="application/json", **headers)


def _assert_clear_error(response: Any, body: bytes) -> None:
    assert response["Content-Type"].startswith("application/json")
    errors = response.json()
    assert isinstance(errors, dict) and errors
    messages = _leaves(errors)
    assert messages and all(isinstance(m, str) and m.strip() for m in messages), errors
    if response.status_code == 400:  # keyed by the fields sent or known, or about the request as a whole
        assert set(errors) <= FIELDS | _sent_keys(body) | {"detail", "non_field_errors", "Idempotency-Key"}, errors


def _leaves(body: Any) -> list[Any]:
    """Every message in an error body (DRF nests them like the input)."""
    if isinstance(body, dict):
        return [leaf for value in body.values() for leaf in _leaves(value)]
    if isinstance(body, list):
        return [leaf for value in body for leaf in _leaves(value)]
    return [body]


def _sent_keys(body: bytes) -> set[str]:
    try:
        value = json.loads(body)
    except (ValueError, RecursionError):
        return set()
    return set(value) if isinstance(value, dict) else set()


def _assert_processed(tenant: Tenant, receipt: dict[str, Any]) -> None:
    assert receipt["status"] == "accepted" and receipt["message_id"]
    message = Message.objects.get(tenant=tenant, client_message_id=receipt["message_id"])
    process_message.delay(message.pk)  # eager in tests: runs the deferred tier here and re-raises what it raises
    message.refresh_from_db()
    assert message.processed_at is not None


# --- the bugs these properties found, pinned -------------------------------------------------------------------------


@pytest.mark.django_db
def test_an_idempotency_key_with_nul_is_a_400_not_a_500(api_client: APIClient) -> None:
    response = _post_ingest(api_client, _json(MINIMAL), "key\x00")

    assert response.status_code == 400
    assert response.json() == {"Idempotency-Key": ["Null characters are not allowed."]}


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("metadata", "message"),
    [
        ({"note": "\ud800"}, "Surrogate characters are not allowed: U+D800."),
        ({"\udfff": 1}, "Surrogate characters are not allowed: U+DFFF."),
        ({"deep": [{"x": "a\x00b"}]}, "Null characters are not allowed."),
    ],
)
def test_metadata_that_jsonb_cannot_store_is_a_400_not_a_500(
    api_client: APIClient, metadata: dict[str, Any], message: str
) -> None:
    response = _post_ingest(api_client, _json({**MINIMAL, "metadata": metadata}), None)

    assert response.status_code == 400
    assert response.json() == {"metadata": [message]}
    assert Message.objects.count() == 0


@pytest.mark.django_db
def test_entity_metadata_that_jsonb_cannot_store_is_a_400_not_a_500(api_client: APIClient, tenant: Tenant) -> None:
    # given a contact
    ContactFactory(tenant=tenant, external_id="arjun")
    entity = {"entity_type": "pet", "display_name": "Bruno", "metadata": {"species": "\ud83d"}}
    body = {"memory_type": "fact", "content": "Has a dog named Bruno", "entities": [entity]}

    # when a memory arrives naming an entity whose metadata holds an unpaired surrogate
    response = api_client.generic("POST", "/contacts/arjun/memories", _json(body), content_type="application/json")

    # then 400 naming the item and the field, and nothing stored
    assert response.status_code == 400
    assert response.json() == {"entities": {"0": {"metadata": ["Surrogate characters are not allowed: U+D83D."]}}}
    assert Memory.objects.count() == 0


@pytest.mark.django_db
@pytest.mark.parametrize("body", [b"[" * 100_000, _deep_metadata(MAX_JSON_DEPTH), _deep_metadata(900)])
@pytest.mark.parametrize("path", ["/ingest", "/ingest/batch", "/brain/memories"])
def test_json_nested_too_deep_is_a_400_not_a_500(api_client: APIClient, path: str, body: bytes) -> None:
    response = api_client.generic("POST", path, body, content_type="application/json")

    assert response.status_code == 400
    assert response.json() == {"detail": f"JSON parse error - nested deeper than {MAX_JSON_DEPTH} levels."}


@pytest.mark.django_db
def test_json_nested_up_to_the_limit_is_accepted(api_client: APIClient) -> None:
    response = _post_ingest(api_client, _deep_metadata(MAX_JSON_DEPTH - 1), None)  # the body adds the last level

    assert response.status_code == 202
