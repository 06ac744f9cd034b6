"""Re-embed memories with the configured embedding model after a provider or model change.

    manage.py reembed [--model NAME] [--tenant SLUG] [--batch N] [--all [--restart]]

By default: the active memories whose vector is missing or from another model (``--model NAME``: only those
embedded by NAME). ``--all`` re-embeds memories already on the configured model too. Batches go in primary-key
order, one embedding request each (see ``memories.services.reembed``). Resumable: killed or stopped by a
provider error, a rerun continues — by itself in the default mode (done rows carry the configured model), from
a checkpoint under the data directory with ``--all`` (``--restart`` ignores it). At most the one batch in
flight when killed is embedded again. Retrieval keeps working meanwhile (rows not yet re-embedded rank by
full-text similarity).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.core.management.base import BaseCommand, CommandError, CommandParser
from tqdm import tqdm

from contacts.models import Tenant
from memories.services.reembed import MAX_BATCH, ReembedInterrupted, ReembedResult, memories_reembed
from providers.embeddings import EmbeddingModelFileError, embedding_model


class Command(BaseCommand):
    help = "Re-embed memories whose embedding model is not the configured one (or, with --all, every memory)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--model", help="Only memories currently embedded by this model")
        parser.add_argument("--tenant", help="Tenant slug (default: every tenant)")
        parser.add_argument("--batch", type=int, default=64, help=f"Memories per embedding request (1–{MAX_BATCH})")
        parser.add_argument("--all", action="store_true", dest="everything", help="Also memories on the current model")
        parser.add_argument("--restart", action="store_true", help="With --all: ignore the checkpoint, start over")

    def handle(
        self,
        *args: Any,
        model: str | None,
        tenant: str | None,
        batch: int,
        everything: bool,
        restart: bool,
        **options: Any,
    ) -> None:
        if not 1 <= batch <= MAX_BATCH:
            raise CommandError(f"--batch must be between 1 and {MAX_BATCH}, not {batch}.")
        found = self._tenant(tenant)
        configured = self._configured_model()
        if model == configured and not everything:
            raise CommandError(f"{model} is the configured model: add --all to re-embed its memories anyway.")
        checkpoint = _Checkpoint(found, model, configured, restart=restart) if everything else None
        bar = tqdm(total=0, unit="memory", file=self.stderr, disable=None)
        try:
            result = memories_reembed(
                tenant=found, only_model=model, everything=everything, batch=batch,
                after_pk=checkpoint.last_pk if checkpoint else 0, progress=_Progress(bar, checkpoint),
            )  # fmt: skip
        except ReembedInterrupted as exc:
            done = exc.result
            raise CommandError(
                f"{exc}. Re-embedded {done['reembedded']} of {done['selected']} memories before the failure; "
                "run the command again to resume."
            ) from exc
        except (ImproperlyConfigured, EmbeddingModelFileError) as exc:
            raise CommandError(str(exc)) from exc
        finally:
            bar.close()
        if checkpoint:
            checkpoint.clear()
        self._summary(result)

    def _summary(self, result: ReembedResult) -> None:
        if result["skipped"]:
            self.stdout.write(f"{result['skipped']} memories were edited meanwhile; the deferred tier embeds them.")
        self.stdout.write(
            f"re-embedded {result['reembedded']} memories in {result['seconds']:.1f} s ({result['per_second']:.1f}/s)"
        )

    def _tenant(self, slug: str | None) -> Tenant | None:
        if slug is None:
            return None
        found = Tenant.objects.filter(slug=slug).first()
        if found is None:
            raise CommandError(f"No tenant with slug {slug!r}.")
        return found

    def _configured_model(self) -> str:
        try:
            return embedding_model()
        except ImproperlyConfigured as exc:
            raise CommandError(str(exc)) from exc


class _Progress:
    """Moves the bar and, with --all, saves the last pk done after every committed batch."""

    def __init__(self, bar: tqdm, checkpoint: _Checkpoint | None) -> None:
        self.bar = bar
        self.checkpoint = checkpoint

    def __call__(self, result: ReembedResult) -> None:
        if self.bar.total != result["selected"]:
            self.bar.total = result["selected"]
            self.bar.refresh()
        self.bar.update(result["reembedded"] + result["skipped"] - self.bar.n)
        if self.checkpoint:
            self.checkpoint.save(result["last_pk"])


class _Checkpoint:
    """The last pk an --all run finished, per scope (tenant, --model); void if the configured model changed."""

    def __init__(self, tenant: Tenant | None, only_model: str | None, model: str, *, restart: bool) -> None:
        scope = f"{tenant.pk if tenant else '*'}:{only_model or '*'}"
        digest = hashlib.sha256(scope.encode()).hexdigest()[:16]
        self.path = Path(settings.DATA_DIR) / "reembed" / f"{digest}.json"
        self.model = model
        saved = json.loads(self.path.read_text()) if self.path.exists() and not restart else {}
        self.last_pk: int = saved["last_pk"] if saved.get("model") == model else 0

    def save(self, last_pk: int) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.path.write_text(json.dumps({"model": self.model, "last_pk": last_pk}))
        self.last_pk = last_pk

    def clear(self) -> None:
        self.path.unlink(missing_ok=True)
