"""LoCoMo retrieval quality: does Rapport find the turns that answer a question, within a token budget?

    .venv/bin/python -m bench.locomo --data /work/shared/data/locomo-dev/26.json \
        /work/shared/data/locomo-dev/30.json --json locomo.json [--dump misses.json] [--limit-questions N]

Protocol, per conversation between `speaker_a` and `speaker_b` (a file is the released locomo10.json — a list of
samples, each with "conversation" and "qa" — one sample, or one conversation with its keys at the top):

- A fresh tenant (deleted afterwards, with its Redis keys). Each speaker is a contact (id and display
  name = the speaker's name). Every turn of every session, in order, is ingested through the real
  `message_ingest` twice: as role "user" into the speaker's contact and as role "assistant" into the
  other's, with message_id "{contact}:{dia_id}", conversation "{contact}:session_{N}" and the session's
  time (`session_N_date_time`, UTC) + 30 s per turn; the deferred tier then runs to completion for
  each message. The clock is frozen at the turn's time meanwhile, as in a backfill. A turn with a photo
  reads "{text} [shares a photo: {blip_caption}]" everywhere.
- Questions: categories 1-4 (multi-hop, temporal, open-domain, single-hop; 5, adversarial, is skipped);
  evidence ids normalised to `D<session>:<turn>`; questions left without evidence are skipped.
- Methods, each giving a ranked list of items (an item covers some dia_ids and costs some tokens):
  rapport — `rank_for_query` for both contacts at now = last session's time + 1 day, merged by score;
            a memory costs the tokens of its /context line, covers the dia_ids of its provenance. Each
            budget's list is ranked for that budget (each contact's candidates enough to fill it, as
            /context ranks for its budget); recall@k takes the ranking without a budget.
  last20  — the 20 latest turns, newest first, whatever the question.
  bm25    — BM25 Okapi (k1 1.5, b 0.75) over the turns "Speaker: text"; turns scoring 0 are left out.
  dense   — cosine of the app's embedder between the question and each turn "Speaker: text".
  A turn costs count_tokens("Speaker: text\\n"). Ties: newer turn first (rapport: the ranking's order).
- Metrics (LoCoMo's recall = |evidence ∩ covered| / |evidence|, averaged over questions): recall@5 and
  @10 over the first k items; recall@tokensB for B in 500/1200/2000, walking the list and taking each
  item that still fits (the /context rule); mean_tokens = tokens taken at 1200. Overall and per category;
  several files pool their questions. Deterministic: no sampling, fixed tie-breaks.
- Answer recall (answer@tokensB), the check on provenance: the share of the gold answer's content words (lowercase
  runs of letters and digits, the app's stopwords left out) found among the words of the text taken within B tokens
  — Rapport's /context lines, the baselines' turn lines — so an item cannot score by citing a turn without holding
  its words. Averaged over the questions whose answer has a content word.
- Diagnostics (JSON "diagnostics"): the recall ceiling (evidence found in any retrievable memory's
  provenance), what the memories are, and "rapport_own_words" (printed as rapport*): Rapport's figures
  when a memory counts only its contact's own turns, not the assistant replies linked to an episode.
  `--dump` writes, per question, the evidence, Rapport's top 10 and BM25's top 5. Both read Rapport's list ranked
  for 1,200 tokens.
"""

# ruff: noqa: E402 - Django is set up before the app's modules are imported (they need settings).
from __future__ import annotations

import argparse
import json
import logging
import os
import re
import sys
import time
import uuid
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import django
import numpy as np

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django.setup()

from config.embedded import ensure_configured_services

ensure_configured_services()  # the embedded services the settings point at (importing them starts none)

from django.conf import settings

from bench.benchdb import require_migrated
from bench.bm25 import BM25, tokenize
from config import celery_app, clock
from config.redis_client import redis_client
from contacts.models import Contact, Message, Tenant
from context.context_text import memory_line
from ingest.services.pipeline import message_process_deferred
from ingest.services.receive import IngestPayload, message_ingest
from memories.models import ContactEntity, Memory, MemoryStatus
from memories.retrieval import rank_for_query
from memories.retrieval.ranking import RankedMemory
from memories.services import recent
from providers.embeddings import embed_query, embed_texts
from providers.tokens import count_tokens

METHODS = ("rapport", "last20", "bm25", "dense")
TOP_K = (5, 10)
BUDGETS = (500, 1200, 2000)
MEAN_TOKENS_BUDGET = 1200
ANSWER_METRICS = tuple(f"answer@tokens{b}" for b in BUDGETS)
METRICS = (*(f"recall@{k}" for k in TOP_K), *(f"recall@tokens{b}" for b in BUDGETS), "mean_tokens", *ANSWER_METRICS)
CATEGORIES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop"}  # 5 (adversarial) skipped
TURN_GAP = timedelta(seconds=30)
NOW_AFTER_LAST_SESSION = timedelta(days=1)
LAST_TURNS = 20
_SESSION_KEY = re.compile(r"session_(\d+)")
_DIA_ID = re.compile(r"D(\d+):(\d+)")
_EVIDENCE_SPLIT = re.compile(r"[;,\s]+")
_SESSION_TIME_FORMATS = ("%I:%M %p on %d %B, %Y", "%I:%M %p on %d %B %Y", "%I:%M %p on %d %b, %Y")


# --- the data ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Turn:
    dia_id: str
    speaker: str
    text: str
    session: int
    sent_at: datetime

    @property
    def line(self) -> str:
        return f"{self.speaker}: {self.text}"


@dataclass(frozen=True)
class Question:
    text: str
    answer: str
    evidence: frozenset[str]
    category: int


@dataclass(frozen=True)
class Conversation:
    name: str
    speakers: tuple[str, str]
    turns: list[Turn]
    questions: list[Question]
    last_session_at: datetime

    def speaker_of(self) -> dict[str, str]:
        return {turn.dia_id: turn.speaker for turn in self.turns}

    def other(self, speaker: str) -> str:
        first, second = self.speakers
        if speaker not in self.speakers:
            raise ValueError(f"{self.name}: turn speaker {speaker!r} is neither {first!r} nor {second!r}")
        return second if speaker == first else first


def conversations_load(path: Path) -> list[Conversation]:
    """The conversations of a LoCoMo-format file: the released ``locomo10.json`` (a list of samples, each with its
    turns under "conversation" and its "qa" beside them), one such sample, or one conversation flattened (its turns,
    "speaker_a" and "qa" at the top, as the dev files are). A file of none of these shapes is a clear error."""
    data = json.loads(path.read_text())
    samples = data if isinstance(data, list) else [data]
    if not samples:
        raise ValueError(f"{path.name}: no conversation in the file")
    conversations = []
    for index, sample in enumerate(samples):
        if not isinstance(sample, dict):
            raise ValueError(f"{path.name}: a conversation is a JSON object, not {type(sample).__name__}")
        label = path.name if len(samples) == 1 else f"{path.name}#{sample.get('sample_id', index)}"
        conversations.append(conversation_from(sample, label))
    return conversations


def conversation_from(sample: dict[str, Any], name: str) -> Conversation:
    data = _flattened(sample, name)
    missing = [key for key in ("speaker_a", "speaker_b", "qa") if key not in data]
    if missing:
        raise ValueError(f"{name}: not a LoCoMo conversation (no {', '.join(missing)})")
    # Some files carry date_times for sessions that have no turns: only sessions with turns count.
    sessions = sorted(int(m.group(1)) for key in data if (m := _SESSION_KEY.fullmatch(key)) and data[key])
    if not sessions:
        raise ValueError(f"{name}: no session with turns")
    turns = [turn for number in sessions for turn in _session_turns(data, number)]
    return Conversation(
        name=name,
        speakers=(data["speaker_a"], data["speaker_b"]),
        turns=turns,
        questions=[q for q in (_question(raw) for raw in data["qa"]) if q is not None],
        last_session_at=session_time(data[f"session_{sessions[-1]}_date_time"]),
    )


def _flattened(sample: dict[str, Any], name: str) -> dict[str, Any]:
    """A released sample's turns ("conversation") with its "qa" beside them; a flattened conversation as it is."""
    if "conversation" not in sample:
        return sample
    if not isinstance(sample["conversation"], dict):
        raise ValueError(f'{name}: its "conversation" is not a JSON object')
    if "qa" not in sample:
        raise ValueError(f"{name}: not a LoCoMo conversation (no qa)")
    return {**sample["conversation"], "qa": sample["qa"]}


def session_time(text: str) -> datetime:
    """'1:56 pm on 8 May, 2023' → an aware UTC datetime."""
    for layout in _SESSION_TIME_FORMATS:
        try:
            return datetime.strptime(text.strip(), layout).replace(tzinfo=UTC)
        except ValueError:
            continue
    raise ValueError(f"unreadable session time {text!r}")


def _session_turns(data: dict[str, Any], number: int) -> list[Turn]:
    start = session_time(data[f"session_{number}_date_time"])
    return [
        Turn(
            dia_id_normal(raw["dia_id"]) or raw["dia_id"],
            raw["speaker"],
            _turn_text(raw),
            number,
            start + index * TURN_GAP,
        )
        for index, raw in enumerate(data[f"session_{number}"])
    ]


def _turn_text(raw: dict[str, Any]) -> str:
    caption = raw.get("blip_caption")
    return f"{raw['text']} [shares a photo: {caption}]" if caption else raw["text"]


def _question(raw: dict[str, Any]) -> Question | None:
    category = int(raw["category"])
    evidence = evidence_ids(raw.get("evidence") or [])
    if category not in CATEGORIES or not evidence:
        return None
    return Question(raw["question"], str(raw.get("answer", "")), evidence, category)


def evidence_ids(raw: Iterable[object]) -> frozenset[str]:
    """'D8:6; D9:17' and the like → {'D8:6', 'D9:17'}; 'D30:05' is 'D30:5' (turns are numbered without zeros);
    malformed pieces ('D:11:26') are dropped."""
    pieces = (dia_id_normal(piece) for item in raw for piece in _EVIDENCE_SPLIT.split(str(item)))
    return frozenset(piece for piece in pieces if piece is not None)


def dia_id_normal(text: str) -> str | None:
    """'D30:05' → 'D30:5'; None for what is no dia_id."""
    match = _DIA_ID.fullmatch(text.strip())
    return f"D{int(match.group(1))}:{int(match.group(2))}" if match else None


# --- ingestion into a throwaway tenant ----------------------------------------------------------------


def tenant_create(conversation: Conversation) -> Tenant:
    return Tenant.objects.create(name=f"LoCoMo bench {conversation.name}", slug=f"bench-locomo-{uuid.uuid4().hex}")


def tenant_delete(tenant: Tenant) -> None:
    """The tenant and all it owns (cascade), plus what ingestion left in Redis for it."""
    for contact_id in Contact.objects.filter(tenant=tenant).values_list("pk", flat=True):
        recent.forget(contact_id)
    client = redis_client()
    for key in client.scan_iter(match=f"chat:{tenant.pk}:*", count=500):  # session histories
        client.delete(key)
    tenant.delete()


def conversation_ingest(tenant: Tenant, conversation: Conversation) -> None:
    started = time.perf_counter()
    for index, turn in enumerate(conversation.turns, 1):
        with clock.frozen(turn.sent_at):
            turn_ingest(tenant, conversation, turn)
        if index % 100 == 0 or index == len(conversation.turns):
            elapsed = time.perf_counter() - started
            _log(f"{conversation.name}: ingested {index}/{len(conversation.turns)} turns in {elapsed:.1f} s")


def turn_ingest(tenant: Tenant, conversation: Conversation, turn: Turn) -> None:
    """The turn as the speaker's own message, then as the reply the other speaker's bot would see."""
    for contact, role in ((turn.speaker, "user"), (conversation.other(turn.speaker), "assistant")):
        payload = IngestPayload(
            contact_id=contact,
            message=turn.text,
            role=role,
            conversation_id=f"{contact}:session_{turn.session}",
            message_id=f"{contact}:{turn.dia_id}",
            timestamp=turn.sent_at,
            display_name=contact,
        )
        message_ingest(tenant=tenant, payload=payload)
        message = Message.objects.get(tenant=tenant, client_message_id=payload.message_id)
        message_process_deferred(message_id=message.pk)  # a no-op when the eager task already ran it


# --- ranked lists -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Item:
    """One entry of a method's ranked list: the dia_ids it covers and what it costs in the prompt."""

    dia_ids: frozenset[str]
    tokens: int
    text: str  # what the item puts in the prompt


@dataclass(frozen=True)
class RapportMemories:
    contacts: list[tuple[Contact, list[ContactEntity]]]
    now: datetime

    @classmethod
    def for_tenant(cls, tenant: Tenant, now: datetime) -> RapportMemories:
        contacts = Contact.objects.filter(tenant=tenant).order_by("external_id")
        return cls([(c, list(ContactEntity.objects.filter(contact=c))) for c in contacts], now)

    def ranked(self, question: str, budget: int = 0) -> list[RankedMemory]:
        """Both contacts' memories for the question, merged by score (the ranking's own tie-breaks); each contact's
        candidates enough to fill ``budget`` tokens alone, as /context asks for its budget."""
        merged: list[RankedMemory] = []
        with clock.frozen(self.now):
            for contact, known in self.contacts:
                merged += rank_for_query(contact=contact, query=question, now=self.now, known=known, budget=budget)[0]
        return sorted(merged, key=lambda m: (-m.score, -m.created_at.timestamp(), -m.id))

    def items(self, ranked: Sequence[RankedMemory], speaker_of: Mapping[str, str] | None = None) -> list[Item]:
        lines = [memory_line(m, self.now) for m in ranked]
        return [
            Item(memory_dia_ids(m.source_message_ids, speaker_of), count_tokens(line + "\n"), line)
            for m, line in zip(ranked, lines, strict=True)
        ]


def memory_dia_ids(source_message_ids: Iterable[str], speaker_of: Mapping[str, str] | None = None) -> frozenset[str]:
    """ "Caroline:D1:3" → "D1:3" (the contact name ends at the first ':'; a dia_id holds one itself).
    With ``speaker_of``, only the contact's own turns: an episode also lists the assistant reply
    linked to it, whose words it does not hold."""
    pairs = (message_id.split(":", 1) for message_id in source_message_ids if ":" in message_id)
    return frozenset(dia_id for contact, dia_id in pairs if speaker_of is None or speaker_of.get(dia_id) == contact)


class TurnBaselines:
    """The three baselines over the raw turns of one conversation."""

    def __init__(self, turns: Sequence[Turn]) -> None:
        self.turns = list(turns)
        lines = [turn.line for turn in self.turns]
        self.items = [Item(frozenset([turn.dia_id]), count_tokens(turn.line + "\n"), turn.line) for turn in self.turns]
        self.bm25 = BM25(lines)
        self.vectors = np.array(embed_texts(lines), dtype=np.float32)

    def last20(self) -> list[Item]:
        return self.items[::-1][:LAST_TURNS]

    def bm25_order(self, question: str) -> list[tuple[int, float]]:
        scores = self.bm25.scores(question)
        return [(i, s) for i, s in self._order(scores) if s > 0]

    def dense_order(self, question: str) -> list[tuple[int, float]]:
        scores = self.vectors @ np.array(embed_query(question), dtype=np.float32)  # unit vectors: cosine
        return self._order([float(s) for s in scores])

    def ranked_items(self, order: Sequence[tuple[int, float]]) -> list[Item]:
        return [self.items[index] for index, _ in order]

    @staticmethod
    def _order(scores: Sequence[float]) -> list[tuple[int, float]]:
        return sorted(enumerate(scores), key=lambda pair: (-pair[1], -pair[0]))


# --- metrics ----------------------------------------------------------------------------------------


def recall(covered: set[str], evidence: frozenset[str]) -> float:
    return len(evidence & covered) / len(evidence)


def within_budget(items: Sequence[Item], budget: int) -> tuple[list[Item], int]:
    """Greedy, as /context fills its budget: take each item in order if it still fits, skip it if not."""
    taken: list[Item] = []
    used = 0
    for item in items:
        if used + item.tokens <= budget:
            used += item.tokens
            taken.append(item)
    return taken, used


def answer_words(answer: str) -> frozenset[str]:
    return frozenset(tokenize(answer))


def answer_recall(taken: Iterable[Item], words: frozenset[str]) -> float | None:
    """The share of the answer's content words in the taken items' text; None for an answer without any."""
    if not words:
        return None
    found = {word for item in taken for word in tokenize(item.text)}
    return len(words & found) / len(words)


def question_scores(
    items: Sequence[Item], question: Question, by_budget: Mapping[int, Sequence[Item]] | None = None
) -> dict[str, float | None]:
    """``by_budget``: the list each budget is cut from, for a method that ranks for the budget it fills (Rapport's
    candidates are sized to it); ``items`` otherwise, and for recall@k."""
    evidence, words = question.evidence, answer_words(question.answer)
    scores: dict[str, float | None] = {f"recall@{k}": recall(_covered(items[:k]), evidence) for k in TOP_K}
    for budget in BUDGETS:
        taken, used = within_budget((by_budget or {}).get(budget, items), budget)
        scores[f"recall@tokens{budget}"] = recall(_covered(taken), evidence)
        scores[f"answer@tokens{budget}"] = answer_recall(taken, words)
        if budget == MEAN_TOKENS_BUDGET:
            scores["mean_tokens"] = used
    return scores


def _covered(items: Iterable[Item]) -> set[str]:
    return {dia_id for item in items for dia_id in item.dia_ids}


@dataclass(frozen=True)
class Scored:
    category: int
    scores: dict[str, float | None]  # None: not measured for this question (an answer without content words)


def summary(rows: Sequence[Scored]) -> dict[str, Any]:
    result = _means(rows)
    by_category = {}
    for category in sorted({row.category for row in rows}):
        by_category[str(category)] = _means([row for row in rows if row.category == category])
    return {**result, "by_category": by_category}


def _means(rows: Sequence[Scored]) -> dict[str, Any]:
    means: dict[str, Any] = {}
    for metric in METRICS:
        values = [value for r in rows if (value := r.scores[metric]) is not None]
        means[metric] = round(sum(values) / len(values), 4) if values else 0.0
    means["mean_tokens"] = round(means["mean_tokens"], 1)
    answered = sum(r.scores[ANSWER_METRICS[0]] is not None for r in rows)
    return {**means, "questions": len(rows), "questions_with_answer_words": answered}


# --- diagnostics: what the memories can possibly find -------------------------------------------------


@dataclass
class Diagnostics:
    """Pooled over files: the recall ceiling, and what crowds the top of Rapport's lists."""

    ceiling: list[float] = field(default_factory=list)
    ceiling_own_words: list[float] = field(default_factory=list)
    memory_types: Counter[str] = field(default_factory=Counter)
    top10_types: Counter[str] = field(default_factory=Counter)
    episode_words_lost: list[float] = field(default_factory=list)
    ranked_lengths: list[int] = field(default_factory=list)
    ranked_tokens: list[int] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        top10 = sum(self.top10_types.values()) or 1
        return {
            "recall_ceiling": _mean(self.ceiling),
            "recall_ceiling_own_words": _mean(self.ceiling_own_words),
            "memories_by_type": dict(sorted(self.memory_types.items())),
            "episodes_missing_words_share": _mean([1.0 if lost else 0.0 for lost in self.episode_words_lost]),
            "episode_words_lost_mean": _mean(self.episode_words_lost),
            "top10_type_share": {t: round(n / top10, 4) for t, n in sorted(self.top10_types.items())},
            "mean_ranked_length": _mean(self.ranked_lengths, 1),
            "mean_ranked_tokens": _mean(self.ranked_tokens, 1),
        }


@dataclass(frozen=True)
class Provenance:
    """dia_ids in the provenance of some retrievable memory: any of them, and only the contact's own
    turns (an episode also lists the reply linked to it, whose words it does not hold)."""

    any_memory: set[str]
    own_words: set[str]


def provenance(tenant: Tenant, conversation: Conversation, now: datetime) -> tuple[Provenance, list[Memory]]:
    speaker_of = conversation.speaker_of()
    memories = list(
        Memory.objects.filter(
            tenant=tenant, status=MemoryStatus.ACTIVE, importance__gte=settings.RETRIEVAL_MIN_IMPORTANCE
        )
        .exclude(expires_at__lte=now)
        .select_related("contact")
    )
    any_memory = {dia_id for m in memories for dia_id in memory_dia_ids(m.source_message_ids)}
    own_words = {dia_id for m in memories for dia_id in memory_dia_ids(m.source_message_ids, speaker_of)}
    return Provenance(any_memory, own_words), memories


def _mean(values: Sequence[float], digits: int = 4) -> float:
    return round(sum(values) / len(values), digits) if values else 0.0


# --- one file ---------------------------------------------------------------------------------------


@dataclass
class Results:
    rows: dict[str, list[Scored]] = field(default_factory=lambda: {method: [] for method in METHODS})
    dump: list[dict[str, Any]] = field(default_factory=list)
    diagnostics: Diagnostics = field(default_factory=Diagnostics)
    # Rapport again, crediting a memory only with its contact's own turns (not the linked replies).
    rapport_own_words: list[Scored] = field(default_factory=list)


def file_evaluate(path: Path, results: Results, limit: int | None) -> None:
    for conversation in conversations_load(path):
        tenant = tenant_create(conversation)
        try:
            conversation_ingest(tenant, conversation)
            conversation_evaluate(tenant, conversation, conversation.questions[:limit], results)
        finally:
            tenant_delete(tenant)


def conversation_evaluate(
    tenant: Tenant, conversation: Conversation, questions: Sequence[Question], results: Results
) -> None:
    started = time.perf_counter()
    now = conversation.last_session_at + NOW_AFTER_LAST_SESSION
    rapport = RapportMemories.for_tenant(tenant, now)
    baselines = TurnBaselines(conversation.turns)
    found, memories = provenance(tenant, conversation, now)
    speaker_of = conversation.speaker_of()
    _note_memories(results.diagnostics, memories, conversation)
    for question in questions:
        ranked = rapport.ranked(question.text)
        for_budget = {budget: rapport.ranked(question.text, budget) for budget in BUDGETS}
        bm25 = baselines.bm25_order(question.text)
        lists = {
            "rapport": rapport.items(ranked),
            "last20": baselines.last20(),
            "bm25": baselines.ranked_items(bm25),
            "dense": baselines.ranked_items(baselines.dense_order(question.text)),
        }
        rapport_by_budget = {budget: rapport.items(r) for budget, r in for_budget.items()}
        for method, items in lists.items():
            by_budget = rapport_by_budget if method == "rapport" else None
            results.rows[method].append(Scored(question.category, question_scores(items, question, by_budget)))
        own_by_budget = {budget: rapport.items(r, speaker_of) for budget, r in for_budget.items()}
        own_words = question_scores(rapport.items(ranked, speaker_of), question, own_by_budget)
        results.rapport_own_words.append(Scored(question.category, own_words))
        headline = for_budget[MEAN_TOKENS_BUDGET]  # the list recall@tokens1200 is scored on
        _note_question(results.diagnostics, question, headline, rapport_by_budget[MEAN_TOKENS_BUDGET], found)
        results.dump.append(_dump_entry(conversation, question, headline, bm25, baselines, found))
    _log(f"{conversation.name}: {len(questions)} questions in {time.perf_counter() - started:.1f} s")


def _note_memories(diagnostics: Diagnostics, memories: Sequence[Memory], conversation: Conversation) -> None:
    diagnostics.memory_types.update(m.memory_type for m in memories)
    text_of = {turn.dia_id: turn.text for turn in conversation.turns}
    for memory in memories:
        if memory.memory_type == "episode" and memory.source_message_ids:
            # The first source is the contact's own message the episode summarises.
            said = set(tokenize(text_of.get(memory.source_message_ids[0].split(":", 1)[-1], "")))
            kept = set(tokenize(memory.content))
            diagnostics.episode_words_lost.append(len(said - kept) / len(said) if said else 0.0)


def _note_question(
    diagnostics: Diagnostics,
    question: Question,
    ranked: Sequence[RankedMemory],
    items: Sequence[Item],
    found: Provenance,
) -> None:
    diagnostics.ceiling.append(recall(found.any_memory, question.evidence))
    diagnostics.ceiling_own_words.append(recall(found.own_words, question.evidence))
    diagnostics.top10_types.update(m.memory_type for m in ranked[:10])
    diagnostics.ranked_lengths.append(len(ranked))
    diagnostics.ranked_tokens.append(sum(item.tokens for item in items))


def _dump_entry(
    conversation: Conversation,
    question: Question,
    ranked: Sequence[RankedMemory],
    bm25: Sequence[tuple[int, float]],
    baselines: TurnBaselines,
    found: Provenance,
) -> dict[str, Any]:
    rank_of = {}
    for rank, memory in enumerate(ranked, 1):
        for dia_id in memory_dia_ids(memory.source_message_ids):
            rank_of.setdefault(dia_id, rank)
    return {
        "file": conversation.name,
        "question": question.text,
        "answer": question.answer,
        "category": question.category,
        "evidence": sorted(question.evidence),
        "evidence_text": {t.dia_id: t.line for t in conversation.turns if t.dia_id in question.evidence},
        "evidence_in_memories": sorted(question.evidence & found.any_memory),
        "evidence_rapport_rank": {dia_id: rank_of.get(dia_id) for dia_id in sorted(question.evidence)},
        "rapport_top10": [_dump_memory(m) for m in ranked[:10]],
        "bm25_top5": [
            {"dia_id": baselines.turns[i].dia_id, "score": round(s, 4), "text": baselines.turns[i].line}
            for i, s in bm25[:5]
        ],
    }


def _dump_memory(memory: RankedMemory) -> dict[str, Any]:
    return {
        "type": memory.memory_type,
        "content": memory.content,
        "score": memory.score,
        "similarity": memory.similarity,
        "entity_match": memory.entity_match,
        "importance": memory.importance,
        "dia_ids": sorted(memory_dia_ids(memory.source_message_ids)),
    }


# --- output -----------------------------------------------------------------------------------------


def report(results: Results, files: Sequence[str], seconds: float) -> dict[str, Any]:
    methods = {method: summary(rows) for method, rows in results.rows.items()}
    return {
        "methods": methods,
        "files": list(files),
        "questions": len(results.rows["rapport"]),
        "seconds": round(seconds, 1),
        "diagnostics": {**results.diagnostics.as_dict(), "rapport_own_words": summary(results.rapport_own_words)},
    }


def print_tables(figures: dict[str, Any]) -> None:
    methods = figures["methods"]
    rows = [*methods.items(), ("rapport*", figures["diagnostics"]["rapport_own_words"])]
    print(f"LoCoMo retrieval, {figures['questions']} questions from {', '.join(figures['files'])}")
    recall_metrics = [m for m in METRICS if m not in ANSWER_METRICS]
    _print_metrics(rows, recall_metrics)
    print("rapport* = rapport credited only with each memory's own-contact turns, not the replies linked to it")
    answered = methods["rapport"]["questions_with_answer_words"]
    print(f"\nanswer recall: the gold answer's content words in the text taken ({answered} questions)")
    _print_metrics(rows, list(ANSWER_METRICS))
    categories = sorted({c for row in methods.values() for c in row["by_category"]}, key=int)
    for metric in ("recall@tokens1200", "answer@tokens1200"):
        print(f"\n{metric} by category (questions)")
        print(f"{'method':<9} " + " ".join(f"{f'{c} {CATEGORIES[int(c)]}':>18}" for c in categories))
        for name, row in rows:
            cells = (f"{row['by_category'][c][metric]:.4f} ({row['by_category'][c]['questions']})" for c in categories)
            print(f"{name:<9} " + " ".join(f"{cell:>18}" for cell in cells))
    print("\nRapport diagnostics")
    for key, value in figures["diagnostics"].items():
        if key != "rapport_own_words":
            print(f"  {key}: {value}")
    print(f"\n{figures['seconds']} s")


def _print_metrics(rows: Sequence[tuple[str, dict[str, Any]]], metrics: Sequence[str]) -> None:
    print(f"{'method':<9} " + " ".join(f"{metric:>17}" for metric in metrics))
    for name, row in rows:
        cells = (f"{row[m]:>17.1f}" if m == "mean_tokens" else f"{row[m]:>17.4f}" for m in metrics)
        print(f"{name:<9} " + " ".join(cells))


def _log(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", nargs="+", required=True, type=Path, help="LoCoMo-format JSON files")
    parser.add_argument("--json", required=True, type=Path, help="write the figures here")
    parser.add_argument("--dump", type=Path, help="write per-question evidence and top items here")
    parser.add_argument("--limit-questions", type=int, help="only the first N questions of each conversation")
    args = parser.parse_args()
    require_migrated()
    # The bench runs the deferred tier itself; eager tasks keep its messages out of the developer's broker.
    celery_app.conf.task_always_eager = True
    celery_app.conf.task_eager_propagates = True
    logging.getLogger("celery.app.trace").setLevel(logging.WARNING)  # one INFO line per message otherwise
    started = time.perf_counter()
    results = Results()
    for path in args.data:
        file_evaluate(path, results, args.limit_questions)
    figures = report(results, [path.name for path in args.data], time.perf_counter() - started)
    args.json.write_text(json.dumps(figures, indent=2) + "\n")
    if args.dump:
        args.dump.write_text(json.dumps(results.dump, indent=2, ensure_ascii=False) + "\n")
    print_tables(figures)


if __name__ == "__main__":
    main()
