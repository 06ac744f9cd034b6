"""What a mood classifier answers (contact-intelligence §4.1)."""

from __future__ import annotations

from dataclasses import dataclass

from contacts.models import Energy, Mood, Style


@dataclass(frozen=True)
class MoodReading:
    mood: str  # a Mood value
    energy: str  # an Energy value
    style: str  # a Style value
    confidence: float  # 0..1
    source: str  # a MoodSource value: llm | previous | keywords

    def __post_init__(self) -> None:
        if self.mood not in Mood.values or self.energy not in Energy.values or self.style not in Style.values:
            raise ValueError(f"invalid mood reading {self.mood}/{self.energy}/{self.style}")
        if not 0.0 <= self.confidence <= 1.0:
            raise ValueError(f"confidence {self.confidence} outside 0..1")
