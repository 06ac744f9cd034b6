"""bench/extract.py --llm against the local OpenAI-compatible stub: the plumbing (calls, scoring beside the rules,
failures counted, no endpoint refused), not the quality of any model."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from tests.openai_stub import OpenAIStub

LISBON = {
    "memories": [
        {"type": "fact", "content": "Lives in Lisbon", "category": "location", "subject": "Lisbon", "detail": "",
         "polarity": "none", "lifetime": "permanent", "importance": "high"},
    ],
    "entities": [{"type": "location", "name": "Lisbon", "relation": ""}],
}  # fmt: skip
ITEMS = [
    {"id": "t-1", "text": "I live in Lisbon", "facts": [{"about": "home", "contains": ["lisbon"]}], "preferences": [],
     "entities": [{"type": "location", "name": "Lisbon"}], "mood": "neutral", "tags": []},
    {"id": "t-2", "text": "ok", "facts": [], "preferences": [], "entities": [], "mood": "neutral", "tags": []},
]  # fmt: skip


def test_llm_extraction_is_scored_like_the_rules(openai_stub: OpenAIStub) -> None:
    from bench.extract import score_corpus_with_llm

    # given an LLM that reads every message as a home in Lisbon
    openai_stub.reply_chat(json.dumps(LISBON))

    # when the corpus is scored with it
    figures = score_corpus_with_llm(ITEMS)

    # then one call per message, the right one a hit and the other a false positive, no mood figures
    assert len(openai_stub.requests) == 2
    assert figures["memories"]["fact"] == {
        "expected": 1, "extracted": 2, "true_positives": 1, "precision": 0.5, "recall": 1.0,
    }  # fmt: skip
    assert (figures["entities"]["all"]["true_positives"], figures["entities"]["all"]["extracted"]) == (1, 2)
    assert figures["false_positives"][0] == {"id": "t-2", "kind": "fact", "content": "Lives in Lisbon"}
    assert (figures["mood"], figures["endpoint"]["failures"]) == ({}, 0)


def test_failed_calls_extract_nothing_and_are_counted(openai_stub: OpenAIStub) -> None:
    from bench.extract import score_corpus_with_llm

    # given an LLM that answers HTTP 500
    openai_stub.fail(500)

    # when
    figures = score_corpus_with_llm(ITEMS)

    # then
    assert figures["endpoint"]["failures"] == 2
    assert figures["memories"]["fact"]["extracted"] == 0


def test_the_cli_prints_the_llm_figures_beside_the_rules(
    openai_stub: OpenAIStub, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from bench import extract

    # given a corpus file and an LLM
    openai_stub.reply_chat(json.dumps(LISBON))
    corpus = tmp_path / "corpus.jsonl"
    corpus.write_text("\n".join(json.dumps(item) for item in ITEMS))
    out = tmp_path / "figures.json"
    monkeypatch.setattr(sys, "argv", ["extract", "--corpus", str(corpus), "--llm", "--json", str(out)])

    # when
    extract.main()

    # then the table compares both paths, and the JSON holds the LLM's figures beside the rules'
    printed = capsys.readouterr().out
    assert "rules P  rules R    llm P    llm R" in printed
    assert "fact              1.0      1.0      0.5      1.0" in printed
    figures = json.loads(out.read_text())
    assert (figures["memories"]["fact"]["precision"], figures["llm"]["memories"]["fact"]["precision"]) == (1.0, 0.5)


def test_without_an_endpoint_it_exits_with_a_clear_message(openai_stub: OpenAIStub, settings) -> None:  # type: ignore[no-untyped-def]
    from bench.extract import score_corpus_with_llm

    # given no LLM configured
    settings.OPENAI_API_KEY = ""

    # when / then
    with pytest.raises(SystemExit, match="--llm needs an OpenAI-compatible endpoint: set OPENAI_API_KEY"):
        score_corpus_with_llm(ITEMS)
    assert openai_stub.requests == []
