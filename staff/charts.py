"""The mood chart of the contact page, laid out for a server-rendered SVG: the newest readings on a time axis with
dates, one named lane per mood (most positive at the top) and a strip of energy levels under it, the contact's
baseline, and markers for crisis flags and check-in triggers. Each reading keeps the id of the message it was read
from so the chart can link to it.

Coordinates are SVG user units (y grows downwards). Times are placed and labelled in Django's current time zone,
as the rest of the admin shows them."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.db.models.functions import Substr
from django.utils import timezone
from django.utils.dateformat import format as date_format

from contacts.models import Contact, ContactState, Energy, Mood
from moods.models import MoodLog, ReviewFlag, Trigger

CHART_READINGS = 200
MARKERS_MAX = 50
EXCERPT_CHARS = 120
# The mood scale, from the most positive feeling to the most negative (the spec's moods plus "confused"); moods of
# equal weight get neighbouring lanes. Lanes under "neutral" are the negative ones.
MOOD_SCALE: tuple[str, ...] = (
    Mood.HAPPY, Mood.EXCITED, Mood.GRATEFUL, Mood.FLIRTY, Mood.NEUTRAL, Mood.CONFUSED, Mood.BORED, Mood.ANXIOUS,
    Mood.FRUSTRATED, Mood.SAD, Mood.ANGRY,
)  # fmt: skip
ENERGY_SCALE: tuple[str, ...] = (Energy.HIGH, Energy.MEDIUM, Energy.LOW)

# The layout: a row of event markers on top, the mood lanes, the energy strip, the time axis labels at the foot.
WIDTH = 900
PLOT_LEFT, PLOT_RIGHT = 96, 880
EVENTS_Y = 16
MOOD_TOP, MOOD_LANE = 30, 20
ENERGY_TOP, ENERGY_LANE = MOOD_TOP + MOOD_LANE * len(MOOD_SCALE) + 16, 18
AXIS_Y = ENERGY_TOP + ENERGY_LANE * len(ENERGY_SCALE)
HEIGHT = AXIS_Y + 30
INSET = 10  # the first and last readings sit this far inside the plot, not on its edges
TICKS_MAX = 8
# Candidate distances between time-axis ticks, the smallest that gives at most TICKS_MAX ticks is used.
TICK_STEPS = [timedelta(hours=h) for h in (1, 3, 6, 12)] + [timedelta(days=d) for d in (1, 2, 7, 14, 30, 91, 365)]


@dataclass(frozen=True)
class Lane:
    y: float
    label: str
    top: float
    negative: bool = False


@dataclass(frozen=True)
class Tick:
    x: float
    label: str


@dataclass(frozen=True)
class Reading:
    x: float
    mood_y: float
    energy_y: float
    mood: str
    energy: str
    logged_at: datetime
    message_id: int | None
    excerpt: str


@dataclass(frozen=True)
class Marker:
    """A crisis flag (``flag_id`` None when only the contact's state remembers the crisis) or a check-in
    trigger."""

    x: float
    kind: str  # "crisis" or "trigger"
    at: datetime
    title: str
    closed: bool  # the flag resolved, the trigger completed (drawn hollow)
    flag_id: int | None = None
    message_id: int | None = None
    trigger_id: int | None = None


@dataclass(frozen=True)
class MoodChart:
    readings: list[Reading]
    mood_lanes: list[Lane]
    energy_lanes: list[Lane]
    time_ticks: list[Tick]
    markers: list[Marker]
    baseline_mood: str
    baseline_energy: str
    start: datetime | None = None
    end: datetime | None = None
    width: int = WIDTH
    height: int = HEIGHT
    plot_left: int = PLOT_LEFT
    plot_right: int = PLOT_RIGHT
    events_y: int = EVENTS_Y
    mood_top: int = MOOD_TOP
    mood_bottom: int = ENERGY_TOP - 16
    energy_top: int = ENERGY_TOP
    axis_y: int = AXIS_Y
    lane_height: int = MOOD_LANE
    energy_lane_height: int = ENERGY_LANE

    @property
    def plot_width(self) -> int:
        return self.plot_right - self.plot_left

    @property
    def mood_line(self) -> str:
        return " ".join(f"{r.x:.1f},{r.mood_y:.1f}" for r in self.readings)

    @property
    def energy_line(self) -> str:
        return " ".join(f"{r.x:.1f},{r.energy_y:.1f}" for r in self.readings)

    @property
    def baseline_mood_y(self) -> float | None:
        return mood_y(self.baseline_mood) if self.baseline_mood in MOOD_SCALE else None

    @property
    def baseline_energy_y(self) -> float | None:
        return energy_y(self.baseline_energy) if self.baseline_energy in ENERGY_SCALE else None


def mood_chart_get(*, contact: Contact, state: ContactState | None, limit: int = CHART_READINGS) -> MoodChart:
    """The newest ``limit`` readings, oldest first, with the crisis flags and triggers raised since the first of
    them. Three queries."""
    rows = _readings(contact, limit)
    baseline_mood = state.baseline_mood if state else ""
    baseline_energy = state.baseline_energy if state else ""
    if not rows:
        return MoodChart([], _mood_lanes(), _energy_lanes(), [], [], baseline_mood, baseline_energy)
    events = _events(contact, state, since=rows[0]["logged_at"])
    start, end = _domain([row["logged_at"] for row in rows] + [at for _, at, _ in events])
    place = _Placer(start, end)
    return MoodChart(
        readings=[_reading(row, place) for row in rows],
        mood_lanes=_mood_lanes(),
        energy_lanes=_energy_lanes(),
        time_ticks=_time_ticks(start, end, place),
        markers=[_marker(kind, at, fields, place) for kind, at, fields in events],
        baseline_mood=baseline_mood,
        baseline_energy=baseline_energy,
        start=start,
        end=end,
    )


def mood_y(mood: str) -> float:
    return MOOD_TOP + (MOOD_SCALE.index(mood) + 0.5) * MOOD_LANE


def energy_y(energy: str) -> float:
    return ENERGY_TOP + (ENERGY_SCALE.index(energy) + 0.5) * ENERGY_LANE


def _readings(contact: Contact, limit: int) -> list[dict[str, Any]]:
    newest = (
        MoodLog.objects.filter(contact=contact)
        .order_by("-logged_at", "-pk")
        .annotate(excerpt=Substr("message__content", 1, EXCERPT_CHARS + 1))
        .values("mood", "energy", "logged_at", "message_id", "excerpt")[:limit]
    )
    return list(newest)[::-1]


def _reading(row: dict[str, Any], place: _Placer) -> Reading:
    excerpt = row["excerpt"] or ""
    return Reading(
        x=place(row["logged_at"]),
        mood_y=mood_y(row["mood"] if row["mood"] in MOOD_SCALE else Mood.NEUTRAL),
        energy_y=energy_y(row["energy"] if row["energy"] in ENERGY_SCALE else Energy.MEDIUM),
        mood=row["mood"],
        energy=row["energy"],
        logged_at=row["logged_at"],
        message_id=row["message_id"],
        excerpt=excerpt[:EXCERPT_CHARS] + ("…" if len(excerpt) > EXCERPT_CHARS else ""),
    )


# An event on the time axis: its kind, when, and what the marker links to and says.
_Event = tuple[str, datetime, dict[str, Any]]


def _events(contact: Contact, state: ContactState | None, *, since: datetime) -> list[_Event]:
    flags = ReviewFlag.objects.filter(contact=contact, created_at__gte=since).order_by("-created_at")[:MARKERS_MAX]
    triggers = Trigger.objects.filter(contact=contact, created_at__gte=since).order_by("-created_at")[:MARKERS_MAX]
    events: list[_Event] = [
        ("crisis", flag["created_at"], dict(flag))
        for flag in flags.values("pk", "created_at", "category", "resolved_at", "message_id")
    ]
    events += [
        ("trigger", trigger["created_at"], dict(trigger))
        for trigger in triggers.values("pk", "created_at", "due_at", "reason", "completed_at")
    ]
    # Without review flags enabled for the tenant, the contact's state is the only record of a crisis.
    crisis_at = state.crisis_at if state else None
    if crisis_at and crisis_at >= since and all(at != crisis_at for kind, at, _ in events if kind == "crisis"):
        events.append(("crisis", crisis_at, {}))
    return sorted(events, key=lambda event: event[1])


def _marker(kind: str, at: datetime, fields: dict[str, Any], place: _Placer) -> Marker:
    when = date_format(timezone.localtime(at), "Y-m-d H:i")
    if kind == "crisis":
        if fields:
            category = (fields["category"] or "crisis language").replace("_", " ")
            title = f"{when} — crisis flag: {category} ({'open' if fields['resolved_at'] is None else 'resolved'})"
        else:
            title = f"{when} — crisis language (no review flag raised)"
        return Marker(
            x=place(at), kind=kind, at=at, title=title,
            closed=bool(fields) and fields["resolved_at"] is not None, flag_id=fields.get("pk"),
            message_id=fields.get("message_id"),
        )  # fmt: skip
    due = date_format(timezone.localtime(fields["due_at"]), "Y-m-d H:i")
    state = "open" if fields["completed_at"] is None else "completed"
    return Marker(
        x=place(at), kind=kind, at=at, title=f"{when} — check-in trigger, due {due} ({state}): {fields['reason']}",
        closed=fields["completed_at"] is not None, trigger_id=fields["pk"],
    )  # fmt: skip


def _domain(times: list[datetime]) -> tuple[datetime, datetime]:
    start, end = min(times), max(times)
    if end - start < timedelta(hours=1):
        # One reading (or a burst): an hour either side, so the axis still has dates on it.
        return start - timedelta(hours=1), end + timedelta(hours=1)
    return start, end


class _Placer:
    """x of a time: ``start`` at INSET inside the plot's left edge, ``end`` INSET inside its right edge."""

    def __init__(self, start: datetime, end: datetime) -> None:
        self.start, self.seconds = start, (end - start).total_seconds()

    def __call__(self, at: datetime) -> float:
        share = (at - self.start).total_seconds() / self.seconds
        return round(PLOT_LEFT + INSET + share * (PLOT_RIGHT - PLOT_LEFT - 2 * INSET), 1)


def _time_ticks(start: datetime, end: datetime, place: _Placer) -> list[Tick]:
    span = end - start
    step = next((s for s in TICK_STEPS if span / s <= TICKS_MAX), TICK_STEPS[-1])
    label = "M j" if step >= timedelta(days=1) else "M j, H:i"
    if span > timedelta(days=300):
        label = "M j, Y"
    at = _first_tick(timezone.localtime(start), step)
    ticks = []
    while at <= end:
        ticks.append(Tick(x=place(at), label=date_format(at, label)))
        at = timezone.localtime(at + step) if step < timedelta(days=1) else _next_day_tick(at, step)
    return ticks


def _first_tick(start: datetime, step: timedelta) -> datetime:
    """The first round time at or after ``start``: a local midnight for steps of days, a whole hour divisible by the
    step otherwise."""
    if step >= timedelta(days=1):
        midnight = start.replace(hour=0, minute=0, second=0, microsecond=0)
        return midnight if midnight >= start else _next_day_tick(midnight, timedelta(days=1))
    hours = int(step.total_seconds() // 3600)
    hour = start.replace(minute=0, second=0, microsecond=0)
    while hour < start or hour.hour % hours:
        hour = timezone.localtime(hour + timedelta(hours=1))
    return hour


def _next_day_tick(at: datetime, step: timedelta) -> datetime:
    # Whole local days: a tick stays on midnight across a daylight-saving change.
    day = (at.replace(tzinfo=None) + step).replace(hour=0)
    return timezone.make_aware(day, at.tzinfo) if at.tzinfo else day  # type: ignore[arg-type]


def _mood_lanes() -> list[Lane]:
    neutral = MOOD_SCALE.index(Mood.NEUTRAL)
    return [
        Lane(y=mood_y(mood), label=str(mood), top=MOOD_TOP + n * MOOD_LANE, negative=n > neutral)
        for n, mood in enumerate(MOOD_SCALE)
    ]


def _energy_lanes() -> list[Lane]:
    return [
        Lane(y=energy_y(level), label=str(level), top=ENERGY_TOP + n * ENERGY_LANE)
        for n, level in enumerate(ENERGY_SCALE)
    ]
