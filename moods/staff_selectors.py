"""The mood timeline on the staff admin's contact page: mood (as valence) and energy over the recent readings,
with the contact's baseline, laid out for a server-rendered SVG chart."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from contacts.models import Contact, ContactState, Energy, Mood
from moods.models import MoodLog

TIMELINE_READINGS = 200
WIDTH, HEIGHT, PADDING = 720, 180, 12
# Where each mood sits between the most negative (-2) and the most positive (+2) feeling.
MOOD_VALENCE: dict[str, float] = {
    Mood.HAPPY: 2.0, Mood.EXCITED: 2.0, Mood.GRATEFUL: 1.5, Mood.FLIRTY: 1.0, Mood.NEUTRAL: 0.0,
    Mood.CONFUSED: -0.5, Mood.BORED: -0.5, Mood.ANXIOUS: -1.5, Mood.FRUSTRATED: -1.5, Mood.SAD: -2.0,
    Mood.ANGRY: -2.0,
}  # fmt: skip
ENERGY_LEVEL: dict[str, float] = {Energy.HIGH: 1.0, Energy.MEDIUM: 0.5, Energy.LOW: 0.0}


@dataclass(frozen=True)
class MoodPoint:
    x: float
    mood_y: float
    energy_y: float
    mood: str
    energy: str
    logged_at: datetime


@dataclass(frozen=True)
class MoodTimeline:
    points: list[MoodPoint]
    baseline_mood_y: float | None
    baseline_energy_y: float | None
    width: int = WIDTH
    height: int = HEIGHT

    @property
    def mood_line(self) -> str:
        return " ".join(f"{p.x:.1f},{p.mood_y:.1f}" for p in self.points)

    @property
    def energy_line(self) -> str:
        return " ".join(f"{p.x:.1f},{p.energy_y:.1f}" for p in self.points)


def mood_timeline_get(*, contact: Contact, state: ContactState | None, limit: int = TIMELINE_READINGS) -> MoodTimeline:
    """The newest ``limit`` readings, oldest first, placed by time. One query."""
    rows = list(
        MoodLog.objects.filter(contact=contact)
        .order_by("-logged_at", "-pk")
        .values("mood", "energy", "logged_at")[:limit]
    )[::-1]
    if not rows:
        return MoodTimeline(points=[], baseline_mood_y=None, baseline_energy_y=None)
    start = rows[0]["logged_at"]
    span = (rows[-1]["logged_at"] - start).total_seconds()
    points = [
        MoodPoint(
            x=_x((row["logged_at"] - start).total_seconds() / span if span else 0.5),
            mood_y=_y(_mood_share(row["mood"])),
            energy_y=_y(ENERGY_LEVEL.get(row["energy"], 0.5)),
            mood=row["mood"],
            energy=row["energy"],
            logged_at=row["logged_at"],
        )
        for row in rows
    ]
    baseline_mood = state.baseline_mood if state else ""
    baseline_energy = state.baseline_energy if state else ""
    return MoodTimeline(
        points=points,
        baseline_mood_y=_y(_mood_share(baseline_mood)) if baseline_mood else None,
        baseline_energy_y=_y(ENERGY_LEVEL.get(baseline_energy, 0.5)) if baseline_energy else None,
    )


def _mood_share(mood: str) -> float:
    """Valence as a share of the chart's height: 0 the most negative, 1 the most positive."""
    return (MOOD_VALENCE.get(mood, 0.0) + 2) / 4


def _x(share: float) -> float:
    return PADDING + share * (WIDTH - 2 * PADDING)


def _y(share: float) -> float:
    # SVG's y grows downwards: the top of the chart is the most positive mood and the highest energy.
    return HEIGHT - PADDING - share * (HEIGHT - 2 * PADDING)
