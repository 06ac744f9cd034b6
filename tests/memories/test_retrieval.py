"""The ranking's query handling (issue 19): the query's subject, the score's signals, and what ``explain`` adds."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from config import clock
from contacts.models import Contact, Tenant
from context.context_text import memory_line
from memories.models import ContactEntity, Memory
from memories.retrieval import rank_for_query
from memories.retrieval.ranking import SIGNALS, RankedMemory, line_tokens_estimate, retrieval_weights
from memories.retrieval.subject import without_subject
from memories.services.enrichment import memories_embed_pending
from memories.services.records import memory_create
from providers.tokens import count_tokens
from tests.factories import ContactFactory

pytestmark = pytest.mark.django_db
NOW = datetime(2025, 6, 1, 12, 0, tzinfo=UTC)


@pytest.fixture(autouse=True)
def _frozen_now() -> Any:
    with clock.frozen(NOW):
        yield


def _contact(tenant: Tenant, name: str) -> Contact:
    return ContactFactory(tenant=tenant, external_id=name.lower(), display_name=name)


def _memory(contact: Contact, content: str, memory_type: str = "episode", days_ago: int = 1) -> Memory:
    return memory_create(
        tenant=contact.tenant, contact=contact, memory_type=memory_type, content=content, source="rules",
        created_at=NOW - timedelta(days=days_ago),
    )  # fmt: skip


def _ranked(contact: Contact, query: str, **options: Any) -> list[RankedMemory]:
    memories_embed_pending(tenant_id=contact.tenant_id, contact_id=contact.pk)
    return rank_for_query(contact=contact, query=query, now=NOW, known=[], **options)[0]


@pytest.mark.parametrize(
    ("query", "name", "rest"),
    [("What is Caroline's job?", "Caroline", "What is job?"),
     ("what is caroline up to", "Caroline", "what is up to"),  # all lowercase: any case
     ("Caroline?", "Caroline", "Caroline?"),  # nothing else to match: the query as it is
     ("Will is moving", "Will", "is moving"),
     ("what will I do next", "Will", None),  # a name that is a common word: only as the name is written
     ("Caroline-Anne called", "Caroline", None),
     ("Did Jo call?", "Jo", None),  # too short to tell from a word
     ("What does Mary like?", "Mary  Jane", "What does like?"),  # the first name of a full one
     ("Is Mary Jane home?", "Mary Jane", "Is home?")],
)  # fmt: skip
def test_a_query_names_the_contact_as_a_word_written_as_the_name_is(query: str, name: str, rest: str | None) -> None:
    assert without_subject(query, name) == rest


def test_a_question_naming_a_person_ranks_their_memories_above_a_friend_who_addresses_them(tenant: Tenant) -> None:
    # given Caroline's own memory, and her friend Melanie's reply that names her
    caroline, melanie = _contact(tenant, "Caroline"), _contact(tenant, "Melanie")
    own = _memory(caroline, "I signed up for a pottery class to help me relax")
    friend = _memory(melanie, "Thanks, Caroline! Glad you liked the pottery I made")

    # when the question about Caroline is asked of both, merged by score (as a search across contacts would)
    merged = sorted(
        [*_ranked(caroline, "What does Caroline do to relax?"), *_ranked(melanie, "What does Caroline do to relax?")],
        key=lambda m: -m.score,
    )

    # then Caroline's memory comes first: she is the question's subject
    assert [m.id for m in merged] == [own.pk, friend.pk]
    assert (merged[0].entity_match, merged[1].entity_match) == (True, False)


def test_the_contacts_own_name_matches_none_of_their_memories(tenant: Tenant) -> None:
    # given two of Caroline's memories: one answers, one only contains her name
    caroline = _contact(tenant, "Caroline")
    answer = _memory(caroline, "Painted a sunset over the lake")
    name_only = _memory(caroline, "Mom keeps calling me Caroline Anne when she is cross")

    # when asked what Caroline painted
    ranked = _ranked(caroline, "What did Caroline paint?")

    # then the name finds nothing: the answer ranks first, and the order is the one of the question without the name
    assert [m.id for m in ranked] == [answer.pk, name_only.pk]
    assert ranked[1].signals["lexical"] == 0.0
    assert [m.id for m in _ranked(caroline, "What did paint?")] == [m.id for m in ranked]


def test_every_score_is_its_weighted_signals(tenant: Tenant, settings) -> None:  # type: ignore[no-untyped-def]
    # given a few memories of different ages and kinds
    arjun = _contact(tenant, "Arjun")
    _memory(arjun, "Has a golden retriever named Bruno", memory_type="fact", days_ago=40)
    _memory(arjun, "Bruno chewed the sofa cushion", days_ago=2)
    _memory(arjun, "Started a pottery class")

    # when ranked for a query, and with none
    weights = retrieval_weights(tenant)
    for query in ("What did my dog chew?", ""):
        for memory in _ranked(arjun, query):
            # then the score is the weighted mean of the signals the query uses, and similarity is its two parts
            used = [s for s in SIGNALS if s in memory.signals]
            expected = sum(weights[s] * memory.signals[s] for s in used) / sum(weights[s] for s in used)
            assert memory.score == pytest.approx(expected, abs=2e-6)
            if query:
                share = settings.RETRIEVAL_DENSE_SHARE
                fused = share * memory.signals["dense"] + (1 - share) * memory.signals["lexical"]
                assert memory.signals["similarity"] == pytest.approx(fused, abs=2e-6)
            else:
                assert set(memory.signals) == {"recency", "importance", "access_frequency", "entity_match"}


def test_explain_adds_the_memories_that_were_not_candidates_after_the_candidates(tenant: Tenant, settings) -> None:  # type: ignore[no-untyped-def]
    # given more memories than the candidate cut
    settings.RETRIEVAL_CANDIDATES = 3
    arjun = _contact(tenant, "Arjun")
    for n in range(5):
        _memory(arjun, f"Walked Bruno around the lake, lap {n}")
    _memory(arjun, "Filed the quarterly tax return")

    # when ranked with and without explain
    plain = _ranked(arjun, "walks with Bruno by the lake")
    explained = _ranked(arjun, "walks with Bruno by the lake", explain=True)

    # then explain returns every eligible memory: the same candidates first, in the same order, then the others
    assert len(plain) == 3 and all(m.candidate for m in plain)
    assert [m.id for m in explained[:3]] == [m.id for m in plain]
    assert len(explained) == 6 and not any(m.candidate for m in explained[3:])
    assert "Filed the quarterly tax return" in [m.content for m in explained[3:]]


def test_an_entity_the_query_names_still_decides_when_it_also_names_the_contact(tenant: Tenant) -> None:
    # given Caroline's memory about Bruno (linked) and a closer-worded one about something else
    caroline = _contact(tenant, "Caroline")
    bruno = ContactEntity.objects.create(
        tenant=tenant, contact=caroline, entity_type="pet", key="bruno", display_name="Bruno", aliases=["Bruno"]
    )
    linked = _memory(caroline, "Took him to the vet for his shots")
    linked.entities.add(bruno)
    _memory(caroline, "Said the new vet clinic downtown is nice")
    memories_embed_pending(tenant_id=tenant.pk, contact_id=caroline.pk)

    # when the question names both Caroline and Bruno
    ranked, _ = rank_for_query(
        contact=caroline, query="What did Caroline say about Bruno at the vet?", now=NOW, known=[bruno]
    )

    # then only the memory linked to Bruno matches the entity, and it ranks first
    assert [(m.id == linked.pk, m.entity_match) for m in ranked] == [(True, True), (False, False)]


def test_a_hobby_the_query_names_leaves_the_contact_as_the_subject(tenant: Tenant) -> None:
    # given Melanie's pottery hobby (an entity of hers) with a memory linked to it, and the memory that answers
    melanie = _contact(tenant, "Melanie")
    pottery = ContactEntity.objects.create(
        tenant=tenant, contact=melanie, entity_type="hobby", key="pottery", display_name="Pottery", aliases=["pottery"]
    )
    linked = _memory(melanie, "Hobby: pottery")
    linked.entities.add(pottery)
    answer = _memory(melanie, "Been reading that book you recommended while my arm heals")
    memories_embed_pending(tenant_id=tenant.pk, contact_id=melanie.pk)

    # when the question names Melanie and her pottery
    ranked, mentioned = rank_for_query(
        contact=melanie, query="What does Melanie do to keep busy during her pottery break?", now=NOW, known=[pottery]
    )

    # then pottery is named, but every one of her memories still matches her as the subject: the pottery fact gets no
    # lift over the answer (before, the hobby decided and the answer lost the entity signal)
    assert [e.pk for e in mentioned] == [pottery.pk]
    assert {m.id: m.entity_match for m in ranked} == {linked.pk: True, answer.pk: True}


def test_a_hobby_or_topic_the_query_names_adds_no_entity_signal(tenant: Tenant) -> None:
    # given a hobby entity with a memory linked to it, and a pet entity with one
    arjun = _contact(tenant, "Arjun")
    chess = ContactEntity.objects.create(
        tenant=tenant, contact=arjun, entity_type="hobby", key="chess", display_name="Chess", aliases=["chess"]
    )
    bruno = ContactEntity.objects.create(
        tenant=tenant, contact=arjun, entity_type="pet", key="bruno", display_name="Bruno", aliases=["Bruno", "my dog"]
    )
    about_chess = _memory(arjun, "Hobby: chess")
    about_chess.entities.add(chess)
    about_bruno = _memory(arjun, "Took him to the vet")
    about_bruno.entities.add(bruno)
    memories_embed_pending(tenant_id=tenant.pk, contact_id=arjun.pk)

    # when a query names each
    by_hobby, _ = rank_for_query(contact=arjun, query="any chess this week?", now=NOW, known=[chess, bruno])
    by_pet, _ = rank_for_query(contact=arjun, query="how is my dog?", now=NOW, known=[chess, bruno])

    # then the hobby's word is left to similarity (no entity signal), while the dog finds Bruno's memory by its alias
    assert {m.id: m.entity_match for m in by_hobby} == {about_chess.pk: False, about_bruno.pk: False}
    assert {m.id: m.entity_match for m in by_pet} == {about_chess.pk: False, about_bruno.pk: True}


def test_a_workplace_the_query_names_with_the_contact_decides(tenant: Tenant) -> None:
    # given Caroline's employer, a memory linked to it by its alias ("work"), and one about something else
    caroline = _contact(tenant, "Caroline")
    infosys = ContactEntity.objects.create(
        tenant=tenant, contact=caroline, entity_type="workplace", key="infosys", display_name="Infosys",
        aliases=["Infosys", "work"],
    )  # fmt: skip
    linked = _memory(caroline, "Work was chaos again, three releases in a week")
    linked.entities.add(infosys)
    other = _memory(caroline, "Baked bread with my nephew")
    memories_embed_pending(tenant_id=tenant.pk, contact_id=caroline.pk)

    # when the question names Caroline and Infosys
    ranked, _ = rank_for_query(contact=caroline, query="How is Caroline finding Infosys?", now=NOW, known=[infosys])

    # then the employer decides, as a person or pet would: only its memory matches the entity
    assert {m.id: m.entity_match for m in ranked} == {linked.pk: True, other.pk: False}


def test_the_candidates_are_enough_to_fill_the_budget_the_caller_will_fill(tenant: Tenant, settings: Any) -> None:
    # given a cut of three and eight memories about walks, each line ~20 tokens
    settings.RETRIEVAL_CANDIDATES = 3
    arjun = _contact(tenant, "Arjun")
    walks = [_memory(arjun, f"Walked Bruno around the lake, lap number {n}") for n in range(8)]
    each = line_tokens_estimate(walks[0].content)

    # when ranked without a budget, for one the cut's lines already fill, and for one that needs five lines
    plain = _ranked(arjun, "walks with Bruno by the lake")
    small = _ranked(arjun, "walks with Bruno by the lake", budget=2 * each)
    five = _ranked(arjun, "walks with Bruno by the lake", budget=5 * each)
    everything = _ranked(arjun, "walks with Bruno by the lake", budget=100 * each)

    # then the cut holds at least three, and grows only while the lines hold fewer tokens than the budget
    assert (len(plain), len(small), len(five), len(everything)) == (3, 3, 5, 8)
    # and the larger pool adds the next most similar: the order of the first ones is kept
    assert [m.id for m in five[:3]] == [m.id for m in plain]


def test_a_line_estimate_is_close_to_what_the_context_line_costs() -> None:
    # the estimate sizes the pool without the tokenizer; it must be near the real cost, not exact
    long = "Finally finished the second draft of the picture book about the fox who lost her shadow, and sent it to "
    long += "two friends who teach reception classes to read aloud to the children before I ask an editor for notes"
    for content in ("Went to a jazz concert", "Researching adoption agencies after the support group", long):
        memory = RankedMemory(
            id=1, memory_type="episode", content=content, importance=0.5, score=0.0, similarity=0.0,
            entity_match=False, source_message_ids=[], created_at=NOW,
        )  # fmt: skip
        real = count_tokens(memory_line(memory, NOW) + "\n")
        assert abs(line_tokens_estimate(content) - real) <= max(6, real // 4), (content, real)


def test_a_search_for_more_memories_than_the_similarity_cut_gets_as_many(tenant: Tenant) -> None:
    # the MCP search_memories tool takes a count (up to 50), not a budget: its candidates are at least that many
    from mcpserver.selectors import contact_memories_search

    arjun = _contact(tenant, "Arjun")
    for n in range(60):
        _memory(arjun, f"Walked Bruno around the lake, lap number {n}")
    memories_embed_pending(tenant_id=tenant.pk, contact_id=arjun.pk)

    found = contact_memories_search(contact=arjun, query="walks with Bruno by the lake", limit=50)

    assert len(found) == 50
