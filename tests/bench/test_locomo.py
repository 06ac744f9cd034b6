"""The LoCoMo benchmark runs end to end on any LoCoMo-format file (here a tiny synthetic one)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from contacts.models import Tenant

pytestmark = pytest.mark.django_db

CONVERSATION = {
    "speaker_a": "Asha",
    "speaker_b": "Ben",
    "session_1_date_time": "1:56 pm on 8 May, 2023",
    "session_1": [
        {"speaker": "Asha", "dia_id": "D1:1", "text": "Hi Ben! I adopted a kitten called Miso last week."},
        {"speaker": "Ben", "dia_id": "D1:2", "text": "Congrats! I started learning the cello recently."},
        {"speaker": "Asha", "dia_id": "D1:3", "text": "Work at the bakery was busy, we sold out of croissants."},
    ],
    "session_2_date_time": "9:00 am on 20 May, 2023",
    "session_2": [
        {"speaker": "Ben", "dia_id": "D2:1", "text": "My cello teacher says I improve fast.",
         "blip_caption": "a photo of a cello"},
        {"speaker": "Asha", "dia_id": "D2:2", "text": "Miso knocked my plant over this morning, what a kitten."},
    ],
    "qa": [
        {"question": "What is the name of Asha's kitten?", "answer": "Miso", "evidence": ["D1:1"], "category": 4},
        {"question": "Which instrument is Ben learning?", "answer": "cello", "evidence": ["D1:2; D2:1"], "category": 1},
        {"question": "Adversarial", "answer": "n/a", "evidence": ["D1:3"], "category": 5},
    ],
}  # fmt: skip


def test_benchmark_reports_every_method_and_metric(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from bench import locomo

    data, out = tmp_path / "tiny.json", tmp_path / "out.json"
    data.write_text(json.dumps(CONVERSATION))
    monkeypatch.setattr(sys, "argv", ["locomo", "--data", str(data), "--json", str(out)])

    locomo.main()

    figures = json.loads(out.read_text())
    assert set(figures["methods"]) == {"rapport", "last20", "bm25", "dense"}
    metrics = {"recall@5", "recall@10", "recall@tokens500", "recall@tokens1200", "recall@tokens2000", "mean_tokens"}
    for method in figures["methods"].values():
        assert metrics <= set(method)
        assert set(method["by_category"]) == {"1", "4"}  # category 5 skipped
    assert figures["methods"]["rapport"]["recall@tokens1200"] == 1.0  # five turns all fit
    assert not Tenant.objects.filter(slug__startswith="bench-locomo").exists()  # cleaned up
    for method in figures["methods"].values():
        assert {"answer@tokens500", "answer@tokens1200", "answer@tokens2000"} <= set(method)
        assert method["questions_with_answer_words"] == 2
    assert figures["methods"]["rapport"]["answer@tokens1200"] == 1.0  # "Miso" and "cello" are in the memories


def test_answer_recall_counts_the_answers_words_in_the_text_not_the_turns_cited() -> None:
    from bench.locomo import Item, Question, question_scores

    question = Question("Where did Caroline move from?", "Sweden, 4 years ago", frozenset({"D3:13"}), 1)
    cites = Item(frozenset({"D3:13"}), 10, '- [episode] "Moved here four years ago" (importance: 0.50)')
    holds = Item(frozenset({"D4:3"}), 10, '- [episode] "A necklace from my grandma in Sweden" (importance: 0.50)')

    # an item citing the evidence without all the answer's words ("sweden", "4", "years", "ago"): it holds two
    cited = question_scores([cites], question)
    assert (cited["recall@tokens500"], cited["answer@tokens500"]) == (1.0, 0.5)
    # with the item that holds "Sweden" too: three of four
    assert question_scores([cites, holds], question)["answer@tokens500"] == 0.75
    # an answer with no content word is not measured
    assert question_scores([cites], Question("Is it?", "Yes", frozenset({"D1:1"}), 4))["answer@tokens500"] is None


def _released(*conversations: dict[str, object]) -> list[dict[str, object]]:
    """The released locomo10.json shape: a list of samples, turns under "conversation", "qa" beside them."""
    return [
        {"sample_id": f"conv-{n}", "conversation": {k: v for k, v in c.items() if k != "qa"}, "qa": c["qa"]}
        for n, c in enumerate(conversations, 1)
    ]


def test_the_released_file_of_several_conversations_runs_each_and_pools_their_questions(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from bench import locomo

    renamed = json.loads(json.dumps(CONVERSATION).replace("Asha", "Rhea").replace("Ben", "Omar"))
    data, out = tmp_path / "locomo10.json", tmp_path / "out.json"
    data.write_text(json.dumps(_released(CONVERSATION, renamed)))
    monkeypatch.setattr(sys, "argv", ["locomo", "--data", str(data), "--json", str(out)])

    locomo.main()

    figures = json.loads(out.read_text())
    assert figures["methods"]["rapport"]["questions"] == 4  # two a conversation (category 5 skipped)
    assert figures["methods"]["rapport"]["recall@tokens1200"] == 1.0
    assert not Tenant.objects.filter(slug__startswith="bench-locomo").exists()


@pytest.mark.parametrize(
    ("content", "names"),
    [(CONVERSATION, ["f.json"]),  # flattened, as the dev files are
     (_released(CONVERSATION)[0], ["f.json"]),  # one sample
     (_released(CONVERSATION, CONVERSATION), ["f.json#conv-1", "f.json#conv-2"])],
)  # fmt: skip
def test_every_locomo_shape_loads_with_its_turns_and_questions(
    tmp_path: Path, content: object, names: list[str]
) -> None:
    from bench.locomo import conversations_load

    path = tmp_path / "f.json"
    path.write_text(json.dumps(content))

    conversations = conversations_load(path)

    assert [c.name for c in conversations] == names
    for conversation in conversations:
        assert conversation.speakers == ("Asha", "Ben")
        assert [t.dia_id for t in conversation.turns] == ["D1:1", "D1:2", "D1:3", "D2:1", "D2:2"]
        assert len(conversation.questions) == 2


@pytest.mark.parametrize(
    ("content", "message"),
    [([], "no conversation"), (["x"], "JSON object"), (["x", "y"], "JSON object"),
     ({"turns": []}, "no speaker_a, speaker_b, qa"), ({"conversation": "x", "qa": []}, "not a JSON object"),
     ({"conversation": {"speaker_a": "A", "speaker_b": "B"}}, "no qa"),
     ({"speaker_a": "A", "speaker_b": "B", "qa": []}, "no session with turns")],
)  # fmt: skip
def test_a_file_that_is_no_locomo_conversation_says_what_is_missing(
    tmp_path: Path, content: object, message: str
) -> None:
    from bench.locomo import conversations_load

    path = tmp_path / "bad.json"
    path.write_text(json.dumps(content))

    with pytest.raises(ValueError, match=message):
        conversations_load(path)


@pytest.mark.parametrize("name", ["fresh_a.json", "fresh_b.json", "heldout_c.json"])
def test_the_written_conversations_are_well_formed(name: str) -> None:
    # bench/data/locomo: every question's evidence is a turn of the conversation, and sessions run forward in time
    from bench.locomo import conversations_load

    (conversation,) = conversations_load(Path(__file__).resolve().parents[2] / "bench" / "data" / "locomo" / name)

    turns = {turn.dia_id for turn in conversation.turns}
    assert len(turns) == len(conversation.turns) >= 250
    assert len(conversation.questions) >= 90
    assert all(question.evidence <= turns for question in conversation.questions)
    assert {question.category for question in conversation.questions} == {1, 2, 3, 4}
    times = [turn.sent_at for turn in conversation.turns]
    assert times == sorted(times)
    assert {turn.speaker for turn in conversation.turns} == set(conversation.speakers)


def test_evidence_written_with_a_leading_zero_or_several_to_an_item_is_read_as_the_turns_it_names() -> None:
    from bench.locomo import evidence_ids

    assert evidence_ids(["D30:05", "D8:6; D9:17", "D:11:26", "D2:1,D2:2"]) == {"D30:5", "D8:6", "D9:17", "D2:1", "D2:2"}


def test_each_budget_is_cut_from_the_list_ranked_for_it() -> None:
    # recall@k reads the list without a budget; recall@tokensB the list ranked for B, when a method has one
    from bench.locomo import Item, Question, question_scores

    question = Question("Which instrument?", "cello", frozenset({"D1:2"}), 4)
    miss, hit = Item(frozenset({"D9:9"}), 10, "Asha: hello"), Item(frozenset({"D1:2"}), 10, "Ben: the cello")

    scores = question_scores([miss], question, {500: [miss], 1200: [hit], 2000: [miss]})

    assert (scores["recall@5"], scores["recall@tokens500"], scores["recall@tokens1200"]) == (0.0, 0.0, 1.0)
    assert (scores["recall@tokens2000"], scores["answer@tokens1200"]) == (0.0, 1.0)
