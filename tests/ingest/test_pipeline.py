"""The immediate and deferred tiers on real Postgres, Redis and the local embedder."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from contacts.models import Message, Tenant
from ingest.services import pipeline
from ingest.services.pipeline import message_process_deferred
from ingest.tasks import process_message
from memories.models import ContactEntity, Memory, MemoryEvent
from memories.retrieval import rank_for_query
from memories.selectors import memory_history
from memories.services.enrichment import embedding_text
from providers.embeddings import embed_texts
from tests.memories.helpers import ingest, ledger_message

pytestmark = pytest.mark.django_db
T0 = datetime(2025, 3, 1, 9, 0, tzinfo=UTC)


def _active(tenant: Tenant) -> dict[str, Memory]:
    return {m.content: m for m in Memory.objects.filter(tenant=tenant, status="active")}


def test_memories_get_spec_defaults_and_provenance(tenant: Tenant) -> None:
    ingest(tenant, "I work at Infosys and I love biryani, we had it for lunch", message_id="m1", at=T0)

    memories = _active(tenant)
    fact, preference = memories["Works at Infosys"], memories["Loves biryani"]
    assert (fact.memory_type, fact.importance, fact.decay_rate) == ("fact", 0.7, 0.003)
    assert (preference.memory_type, preference.importance, preference.decay_rate) == ("preference", 0.8, 0.005)
    episode = Memory.objects.get(tenant=tenant, memory_type="episode")
    assert (episode.importance, episode.decay_rate) == (0.5, 0.008)
    assert fact.source_message_ids == preference.source_message_ids == episode.source_message_ids == ["m1"]
    assert [e.ref for e in fact.entities.all()] == ["workplace:infosys"]


def test_a_repeated_preference_reinforces_instead_of_duplicating(tenant: Tenant) -> None:
    # given a preference
    ingest(tenant, "I love biryani", message_id="m1", at=T0)

    # when it is said again in another message
    ingest(tenant, "I love biryani", message_id="m2", at=T0 + timedelta(days=1))

    # then one memory, importance +0.05, both messages as provenance, and a reinforced event
    [memory] = Memory.objects.filter(tenant=tenant, memory_type="preference")
    assert memory.importance == pytest.approx(0.85)
    assert memory.source_message_ids == ["m1", "m2"]
    assert list(memory_history(memory=memory).values_list("kind", flat=True)) == ["created", "reinforced"]


def test_reinforcement_is_capped_at_one(tenant: Tenant) -> None:
    for n in range(6):
        ingest(tenant, "I love biryani", message_id=f"m{n}", at=T0 + timedelta(hours=n))

    assert Memory.objects.get(tenant=tenant, memory_type="preference").importance == 1.0


def test_a_new_home_supersedes_the_old_and_keeps_history(tenant: Tenant) -> None:
    # given where the contact lives
    ingest(tenant, "I live in Chennai", message_id="m1", at=T0)
    moved_at = T0 + timedelta(days=30)

    # when they move
    ingest(tenant, "I moved to Pune", message_id="m2", at=moved_at)

    # then the new fact is current and the old one is superseded, kept, and points at it
    old = Memory.objects.get(tenant=tenant, content="Lives in Chennai")
    new = Memory.objects.get(tenant=tenant, content="Lives in Pune (moved there)")
    assert (new.status, new.valid_to) == ("active", None)
    assert (old.status, old.valid_to, old.superseded_by_id) == ("superseded", moved_at, new.pk)
    assert old.events.last().kind == "superseded"


@pytest.mark.parametrize(
    ("first", "second", "slot"),
    [
        ("I work at Infosys", "I work at Google", "workplace"),
        ("I'm 29 years old", "I'm 30 years old", "age"),
        ("My name is Arjun", "Call me AJ", "name"),
        ("I'm single", "I'm engaged", "relationship_status"),
        ("I love coffee", "I hate coffee", "pref:coffee"),
    ],
)
def test_single_valued_facts_keep_one_current_value(tenant: Tenant, first: str, second: str, slot: str) -> None:
    ingest(tenant, first, message_id="m1", at=T0)
    ingest(tenant, second, message_id="m2", at=T0 + timedelta(days=1))

    current = Memory.objects.filter(tenant=tenant, slot=slot, status="active")
    assert current.count() == 1
    assert current.get().source_message_ids == ["m2"]
    assert Memory.objects.filter(tenant=tenant, slot=slot, status="superseded").count() == 1


def test_assistant_text_never_becomes_a_fact_about_the_user(tenant: Tenant) -> None:
    # when only the assistant talks about itself
    ingest(tenant, "I live in Paris and I love jazz. My dog Rex is great.", message_id="a1", role="assistant", at=T0)

    # then nothing is believed about the contact
    assert Memory.objects.filter(tenant=tenant).count() == 0
    assert ContactEntity.objects.filter(tenant=tenant).count() == 0
    assert ledger_message(tenant, "a1").extracted_at is not None


def test_an_episode_is_kept_only_when_the_message_says_more_than_its_facts(tenant: Tenant) -> None:
    # when one message is fully captured by a fact and another tells more
    ingest(tenant, "I work at Infosys", message_id="m1", at=T0)
    ingest(tenant, "My dog Bruno had his vet appointment today", message_id="m2", at=T0)

    # then only the second becomes an episode too
    episodes = Memory.objects.filter(tenant=tenant, memory_type="episode").values_list("content", flat=True)
    assert list(episodes) == ["My dog Bruno had his vet appointment today"]
    assert Memory.objects.filter(tenant=tenant, memory_type="fact").count() == 2


def test_a_fact_told_with_a_description_is_not_also_an_episode(tenant: Tenant) -> None:
    # when a message gives facts and describes them, and a later one tells what happened
    ingest(tenant, "i live in lisbon, near alfama, and i work at farfetch", message_id="m1", at=T0)
    ingest(tenant, "I have asthma, cold mornings are the worst for it", message_id="m2", at=T0)
    ingest(tenant, "I moved to Porto last week, still unpacking", message_id="m3", at=T0)

    # then the facts hold the first two (and their messages), and only the move is an episode as well
    episodes = Memory.objects.filter(tenant=tenant, memory_type="episode").values_list("content", flat=True)
    assert list(episodes) == ["I moved to Porto last week, still unpacking"]
    asthma = Memory.objects.get(tenant=tenant, content="Has asthma")
    assert asthma.source_message_ids == ["m2"]


def test_low_content_messages_make_no_episode(tenant: Tenant) -> None:
    for n, text in enumerate(["lol", "ok", "hmm", "haha", "😂", "bom dia ☀️", "Buenos días!"]):
        ingest(tenant, text, message_id=f"m{n}", at=T0)

    assert Memory.objects.filter(tenant=tenant).count() == 0


def test_questions_and_reactions_to_the_listener_make_no_episode(tenant: Tenant) -> None:
    # when messages are only a reaction, a question to the listener, or words about them
    for n, text in enumerate(["Wow, Mel! Any more paintings coming up?", "Thanks, Melanie! So kind of you.",
                              "That's awesome, Caroline! What made you decide to move?"]):  # fmt: skip
        ingest(tenant, text, message_id=f"m{n}", at=T0)
    # and one also tells what happened to the speaker
    ingest(tenant, "Thanks, Mel! I passed the adoption agency interviews last Friday!", message_id="m9", at=T0)

    # then only the telling becomes an episode, without the reaction around it
    episodes = Memory.objects.filter(tenant=tenant, memory_type="episode").values_list("content", flat=True)
    assert list(episodes) == ["I passed the adoption agency interviews last Friday!"]


def test_a_request_to_the_listener_makes_no_episode(tenant: Tenant) -> None:
    # when messages only ask the assistant for something
    requests = ["tell me something fun", "can you give me a recipe for dal", "Please recommend me a book"]
    for n, text in enumerate(requests):
        ingest(tenant, text, message_id=f"m{n}", at=T0)
    # and one asks for help with the speaker's own life
    ingest(tenant, "help me plan my wedding, it's in June", message_id="m9", at=T0)

    # then only the one about the speaker's life is an episode
    episodes = Memory.objects.filter(tenant=tenant, memory_type="episode").values_list("content", flat=True)
    assert list(episodes) == ["help me plan my wedding, it's in June"]


@pytest.mark.parametrize(
    "text",
    ["Soll ich meinen Job kündigen?", "¿Debería dejar mi trabajo?", "Est-ce que je devrais quitter mon travail ?",
     "Kya mujhe naukri chhod deni chahiye?", "My dog? Max.", "Your advice helped, got the job.",
     "You were right, the interview went great."],
)  # fmt: skip
def test_what_a_contact_says_of_themselves_stays_an_episode_however_said(tenant: Tenant, text: str) -> None:
    # a question about the speaker in any language extraction reads, a name as an answer, a thank-you with news
    ingest(tenant, text, message_id="m1", at=T0)

    assert list(Memory.objects.filter(tenant=tenant, memory_type="episode").values_list("content", flat=True)) == [text]


def test_an_episode_answering_the_assistant_is_embedded_with_what_it_answered(tenant: Tenant) -> None:
    # given the assistant's question, then the user's answer, and an episode with no question before it
    ingest(tenant, "Great to hear from you! What are your plans for the summer?", message_id="a1", role="assistant",
           at=T0)  # fmt: skip
    ingest(tenant, "Researching adoption agencies, it has been a dream for years", message_id="u1",
           at=T0 + timedelta(seconds=30))  # fmt: skip
    ingest(tenant, "Researching new recipes for my sourdough starter", message_id="u2", conversation_id="conv-2",
           at=T0 + timedelta(seconds=60))  # fmt: skip
    for message_id in ("u1", "u2"):
        message_process_deferred(message_id=ledger_message(tenant, message_id).pk)

    # then the answer keeps what it answered, and is embedded with it
    adoption = Memory.objects.get(tenant=tenant, source_message_ids=["u1"])
    assert adoption.metadata["replying_to"] == "Great to hear from you! What are your plans for the summer?"
    assert embedding_text(adoption) == (
        "Arjun: Researching adoption agencies, it has been a dream for years "
        "(replying to: Great to hear from you! What are your plans for the summer?)"
    )
    assert "replying_to" not in Memory.objects.get(tenant=tenant, source_message_ids=["u2"]).metadata
    assert list(adoption.embedding) == pytest.approx(embed_texts([embedding_text(adoption)])[0], abs=1e-6)

    # so the question finds the answer that never says "summer"
    contact = adoption.contact
    ranked, _ = rank_for_query(contact=contact, query="What are my plans for the summer?", now=T0, known=[])
    assert ranked[0].id == adoption.pk


def test_aliases_resolve_to_one_entity(tenant: Tenant) -> None:
    # given a named dog
    ingest(tenant, "My dog Bruno is a golden retriever", message_id="m1", at=T0)

    # when later called "my dog", and by name
    ingest(tenant, "my dog chewed the sofa today", message_id="m2", at=T0 + timedelta(hours=1))
    ingest(tenant, "Bruno learned a new trick", message_id="m3", at=T0 + timedelta(hours=2))

    # then there is one pet entity, and the facts and both episodes link to it
    [bruno] = ContactEntity.objects.filter(tenant=tenant, entity_type="pet")
    assert (bruno.key, bruno.display_name, bruno.metadata) == ("bruno", "Bruno", {"species": "dog"})
    episodes = Memory.objects.filter(entities=bruno, memory_type="episode").values_list("source_message_ids", flat=True)
    assert sorted(episodes) == [["m2"], ["m3"]]
    assert set(Memory.objects.filter(entities=bruno, memory_type="fact").values_list("content", flat=True)) == {
        "Has a dog named Bruno",
        "Bruno is a golden retriever",
    }


def test_a_generic_person_takes_the_name_given_later(tenant: Tenant) -> None:
    ingest(tenant, "My mom lives in Chennai", message_id="m1", at=T0)
    ingest(tenant, "My mom Lakshmi called me today", message_id="m2", at=T0 + timedelta(hours=1))

    [mom] = ContactEntity.objects.filter(tenant=tenant, entity_type="person")
    assert mom.display_name == "Lakshmi"
    assert set(mom.aliases) == {"my mom", "Lakshmi"}
    assert mom.memories.filter(content="Mom lives in Chennai").exists()


def test_two_sisters_with_their_own_names_stay_two_people(tenant: Tenant) -> None:
    # given a sister named Meera
    ingest(tenant, "My sister Meera is a doctor", message_id="m1", at=T0)

    # when another sister is named ("my sister" is an alias both share; it names a relation, not a person)
    ingest(tenant, "My sister Priya got a new job", message_id="m2", at=T0 + timedelta(hours=1))

    # then they are two entities, and Meera's node is untouched
    sisters = {e.key: e for e in ContactEntity.objects.filter(tenant=tenant, entity_type="person")}
    assert set(sisters) == {"meera", "priya"}
    assert (sisters["meera"].display_name, set(sisters["meera"].aliases)) == ("Meera", {"Meera", "my sister"})
    assert (sisters["priya"].display_name, set(sisters["priya"].aliases)) == ("Priya", {"Priya", "my sister"})

    # and an unnamed "my sister" still finds a sister (the first one known) rather than making a third
    ingest(tenant, "My sister is visiting this weekend", message_id="m3", at=T0 + timedelta(hours=2))
    assert ContactEntity.objects.filter(tenant=tenant, entity_type="person").count() == 2


def test_the_assistant_reply_is_linked_to_the_episode_but_is_not_its_provenance(tenant: Tenant) -> None:
    ingest(tenant, "Bruno ate my shoes again", message_id="u1", at=T0)

    ingest(tenant, "Oh no! Poor shoes. Is Bruno okay?", message_id="a1", role="assistant", at=T0 + timedelta(seconds=5))

    episode = Memory.objects.get(tenant=tenant, memory_type="episode")
    assert episode.content == "Bruno ate my shoes again"
    assert episode.source_message_ids == ["u1"]
    assert episode.metadata == {"reply": "Oh no! Poor shoes. Is Bruno okay?", "reply_message_id": "a1"}


def test_an_inline_failure_leaves_the_message_pending_and_the_deferred_tier_recovers(
    tenant: Tenant, monkeypatch: pytest.MonkeyPatch
) -> None:
    # given the immediate tier crashes on this message (a bug, say)
    real_extract = pipeline.extract

    def broken(*args: object, **kwargs: object) -> object:
        raise RuntimeError("boom")

    monkeypatch.setattr(pipeline, "extract", broken)

    # when the message is ingested
    receipt = ingest(tenant, "I live in Chennai", message_id="m1", at=T0)

    # then it was still accepted and is safe in the ledger, unprocessed
    message = ledger_message(tenant, "m1")
    assert receipt.status == "accepted"
    assert (message.extracted_at, message.processed_at) == (None, None)

    # and when the deferred tier runs (the bug fixed), it does the immediate work too
    monkeypatch.setattr(pipeline, "extract", real_extract)
    message_process_deferred(message_id=message.pk)
    assert Memory.objects.filter(tenant=tenant, content="Lives in Chennai").exists()
    message.refresh_from_db()
    assert message.extracted_at is not None and message.processed_at is not None


def test_deferred_tier_embeds_with_the_model_name_and_merges_paraphrases(tenant: Tenant) -> None:
    # given two facts that say the same thing in different words (not caught by inline dedup; a job would be: one
    # occupation slot)
    ingest(tenant, "I have two kids", message_id="m1", at=T0)
    ingest(tenant, "I have 2 young children", message_id="m2", at=T0 + timedelta(days=1))
    assert Memory.objects.filter(tenant=tenant, memory_type="fact", status="active").count() == 2

    # when the deferred tier runs for both messages
    for message in Message.objects.filter(tenant=tenant).order_by("sent_at"):
        process_message.delay(message.pk)

    # then everything is embedded by the local model, and the paraphrases merged into the more specific one
    [fact] = Memory.objects.filter(tenant=tenant, memory_type="fact", status="active")
    loser = Memory.objects.get(tenant=tenant, memory_type="fact", status="superseded")
    assert fact.content == "Has 2 young children"
    assert fact.importance == pytest.approx(0.75)
    assert sorted(fact.source_message_ids) == ["m1", "m2"]
    assert loser.superseded_by_id == fact.pk
    assert fact.embedding_model == "all-MiniLM-L6-v2"
    assert len(fact.embedding) == 384
    assert MemoryEvent.objects.filter(memory=fact, kind="merged").count() == 1


def test_different_pets_are_never_merged_however_alike(tenant: Tenant) -> None:
    ingest(tenant, "I have a dog named Bruno", message_id="m1", at=T0)
    ingest(tenant, "I have a dog named Max", message_id="m2", at=T0)

    for message in Message.objects.filter(tenant=tenant):
        process_message.delay(message.pk)

    facts = set(
        Memory.objects.filter(tenant=tenant, memory_type="fact", status="active").values_list("content", flat=True)
    )
    assert {"Has a dog named Bruno", "Has a dog named Max"} <= facts


def test_the_deferred_task_is_idempotent(tenant: Tenant) -> None:
    # given a processed message
    ingest(tenant, "I have two kids", message_id="m1", at=T0)
    ingest(tenant, "I have 2 kids", message_id="m2", at=T0)
    ids = list(Message.objects.filter(tenant=tenant).values_list("pk", flat=True))
    for pk in ids:
        process_message.delay(pk)
    snapshot = list(Memory.objects.order_by("pk").values_list("pk", "status", "importance", "source_message_ids"))
    events = MemoryEvent.objects.count()

    # when the tasks run again (a retry, a redelivery)
    for pk in ids:
        process_message.delay(pk)
    message_process_deferred(message_id=ids[0])

    # then nothing changes
    assert (
        list(Memory.objects.order_by("pk").values_list("pk", "status", "importance", "source_message_ids")) == snapshot
    )
    assert MemoryEvent.objects.count() == events


def test_deferred_tier_for_a_deleted_message_is_a_no_op(tenant: Tenant) -> None:
    ingest(tenant, "I live in Chennai", message_id="m1", at=T0)
    message = ledger_message(tenant, "m1")
    message.contact.delete()

    process_message.delay(message.pk)

    assert Memory.objects.count() == 0
