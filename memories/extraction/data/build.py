"""Writes the two word lists ``memories.extraction.casing`` reads, from the packages they come from:

- ``english_words.tsv.gz``: every lowercase word form in lemminflect's lexicon (MIT, github.com/bjascob/LemmInflect)
  with its parts of speech — ``N`` noun, ``V`` a verb's base form, ``v`` an inflected verb form, ``A`` adjective,
  ``R`` adverb, ``X`` auxiliary;
- ``given_names.txt.gz``: every first name Faker's person providers hold, in all its locales, lowercased (MIT,
  github.com/joke2k/faker).

Vendored so the service does not load either package (lemminflect's tables alone take ~50 MB of each process's
memory). Regenerate with the dev dependencies installed: ``python memories/extraction/data/build.py``; a test checks
the files are what this writes.
"""

from __future__ import annotations

import gzip
import importlib
import pkgutil
from pathlib import Path

HERE = Path(__file__).parent
ENGLISH_WORDS = HERE / "english_words.tsv.gz"
GIVEN_NAMES = HERE / "given_names.txt.gz"
_FLAGS = {"NOUN": "N", "ADJ": "A", "ADV": "R", "AUX": "X"}


def english_words() -> list[str]:
    from lemminflect import Lemmatizer

    lines = []
    for word, lemmas in sorted(Lemmatizer()._getLemmaDict().items()):  # noqa: SLF001 (its one table, read whole)
        if not (word.isalpha() and word.islower()):
            continue
        flags = {_FLAGS[pos] for pos in lemmas if pos in _FLAGS}
        if "VERB" in lemmas:
            flags.add("V" if word in lemmas["VERB"] else "v")
        lines.append(f"{word}\t{''.join(sorted(flags))}")
    return lines


def given_names() -> list[str]:
    import faker.providers.person

    names: set[str] = set()
    for module in pkgutil.iter_modules(faker.providers.person.__path__):
        provider = getattr(importlib.import_module(f"faker.providers.person.{module.name}"), "Provider", None)
        for attribute in ("first_names", "first_names_male", "first_names_female", "first_names_nonbinary",
                          "first_romanized_names"):  # fmt: skip
            held = vars(provider).get(attribute) if provider is not None else None
            if isinstance(held, (dict, list, tuple)):
                names.update(name.lower() for name in held if isinstance(name, str) and name.strip())
    return sorted(names)


def write(path: Path, lines: list[str]) -> None:
    # mtime 0: the same lists make the same bytes
    with open(path, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as packed:
        packed.write(("\n".join(lines) + "\n").encode())


def read(path: Path) -> list[str]:
    return gzip.decompress(path.read_bytes()).decode().splitlines()


if __name__ == "__main__":
    write(ENGLISH_WORDS, english_words())
    write(GIVEN_NAMES, given_names())
    print(f"{ENGLISH_WORDS.name}: {len(read(ENGLISH_WORDS))} words, {GIVEN_NAMES.name}: {len(read(GIVEN_NAMES))} names")
