"""The word lists vendored for names typed in lowercase are what memories/extraction/data/build.py makes of the
packages they come from (lemminflect's lexicon, Faker's first names), so they can be regenerated and checked."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import memories.extraction.casing as casing

BUILD = Path(casing.__file__).parent / "data" / "build.py"


def _build() -> ModuleType:
    spec = importlib.util.spec_from_file_location("wordlists_build", BUILD)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_vendored_lists_are_what_the_build_writes() -> None:
    build = _build()
    assert build.read(build.ENGLISH_WORDS) == build.english_words()
    assert build.read(build.GIVEN_NAMES) == build.given_names()


def test_the_lists_hold_words_with_their_parts_of_speech_and_names() -> None:
    assert casing.LEXICON["made"] == "v"  # an inflected verb
    assert set(casing.LEXICON["trip"]) == {"N", "V"}
    assert "kayla" not in casing.LEXICON and "kayla" in casing.GIVEN_NAMES
    assert "texted" not in casing.GIVEN_NAMES
