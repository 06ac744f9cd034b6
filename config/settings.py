"""Rapport settings. Every knob is an environment variable; see README.md and .env.example.

Importing them starts nothing (mypy's Django plugin imports them too). With no DATABASE_URL / REDIS_URL they
point at the embedded PostgreSQL and Redis under DATA_DIR (EMBEDDED_SERVICES); the entry points that need them
start them: manage.py, config.wsgi/asgi, the Celery app (worker, beat), config.run and the test session
(config.embedded.ensure_configured_services).
"""

from __future__ import annotations

import re
from pathlib import Path

import django_stubs_ext
import environ
from django.core.exceptions import ImproperlyConfigured

from config.embedded.paths import redis_socket_for, socket_dir_for
from config.logging import configure_structlog, logging_config
from config.sentry import sentry_init

# The typed admins subclass ``ModelAdmin[Contact]``; Django's admin classes take no type argument at run time
# until this gives them one (it only adds ``__class_getitem__``).
django_stubs_ext.monkeypatch()

BASE_DIR = Path(__file__).resolve().parent.parent

env = environ.Env()
environ.Env.read_env(BASE_DIR / ".env", overwrite=False)

DEBUG = env.bool("DEBUG", default=True)
_DEV_SECRET_KEY = "rapport-insecure-development-key-do-not-use-in-production"  # noqa: S105
SECRET_KEY = env.str("SECRET_KEY", default=_DEV_SECRET_KEY if DEBUG else "")
if not SECRET_KEY:
    raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off")
ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=["localhost", "127.0.0.1", "[::1]", "testserver"])
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[])

# All local state (embedded Postgres cluster, Redis append-only file, sockets) lives here.
DATA_DIR = Path(env.str("RAPPORT_DATA_DIR", default=str(BASE_DIR / ".rapport"))).resolve()

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.postgres",
    "rest_framework",
    "rest_framework_api_key",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_celery_beat",
    "contacts",
    "webhooks",
    "memories",
    "moods",
    "consolidation",
    "privacy",
    "ingest",
    "context",
    "staff",
    "mcpserver",
    "metrics",
]

MIDDLEWARE = [
    # First: every response, a redirect or an early 404 included, carries X-Request-ID and is logged once.
    "config.middleware.RequestLogMiddleware",
    "metrics.middleware.RequestLatencyMiddleware",  # next: its time includes every other middleware's
    "django.middleware.security.SecurityMiddleware",
    "config.middleware.NulInPathMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Inside CommonMiddleware, whose APPEND_SLASH redirect still sees the 404: an unrouted path is a JSON 404,
    # DEBUG on or off.
    "config.middleware.UnroutedPathMiddleware",
    # Last, so it sees the view's exceptions first: Postgres unreachable → a JSON 503, not a 500.
    "config.middleware.DatabaseUnavailableMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],  # every template lives in its app (the admin's in staff/templates)
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# --- Services ---------------------------------------------------------------------------------
# The embedded services these settings point at (where DATABASE_URL / REDIS_URL are unset): only their addresses
# under DATA_DIR are computed here; ensure_configured_services() starts them for the commands that need them.
EMBEDDED_SERVICES: list[str] = []

if env.str("DATABASE_URL", default=""):
    DATABASES = {"default": env.db("DATABASE_URL")}
else:
    EMBEDDED_SERVICES.append("postgres")
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.postgresql",
            "NAME": "rapport",
            "USER": "postgres",
            "HOST": str(socket_dir_for(DATA_DIR)),
            "PORT": "",
        }
    }
# Seconds a process keeps its connection between requests (the pool below, when on, sets it to 0 for the web).
CONN_MAX_AGE_WITHOUT_POOL = env.int("CONN_MAX_AGE", default=60)
DATABASES["default"]["CONN_MAX_AGE"] = CONN_MAX_AGE_WITHOUT_POOL
DATABASES["default"]["CONN_HEALTH_CHECKS"] = True

# Connection pooling (psycopg_pool, Django's postgresql backend; SCALING.md has the figures and PgBouncer): off by
# default. On, each web or MCP process keeps a pool of at most DATABASE_POOL_MAX_SIZE connections instead of one
# persistent connection per thread (Django refuses a pool with CONN_MAX_AGE > 0). The pool is created on the first
# query, in the process that runs it: gunicorn loads the app in each worker after the fork (no --preload), so no
# two processes share one. Celery's worker and beat never use it (config/celery.py says why).
DATABASE_POOL = env.bool("DATABASE_POOL", default=False)
# Behind PgBouncer in transaction mode (SCALING.md) a server-side cursor (.iterator()) cannot outlive a transaction.
DATABASES["default"]["DISABLE_SERVER_SIDE_CURSORS"] = env.bool("DISABLE_SERVER_SIDE_CURSORS", default=False)
if DATABASE_POOL:
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": env.int("DATABASE_POOL_MIN_SIZE", default=1),
        "max_size": env.int("DATABASE_POOL_MAX_SIZE", default=4),
        # A request waits this long for a free connection, then fails (rather than queueing without end).
        "timeout": env.float("DATABASE_POOL_TIMEOUT", default=10.0),
    }

if env.str("REDIS_URL", default=""):
    REDIS_URL = env.str("REDIS_URL")
else:
    EMBEDDED_SERVICES.append("redis")
    REDIS_URL = f"unix://{redis_socket_for(DATA_DIR)}"


def celery_broker_url(redis_url: str) -> str:
    """Kombu spells a unix-socket Redis ``redis+socket://``; redis-py spells it ``unix://``. And kombu reads a socket
    URL's database from ``virtual_host``, not ``db``: ``?db=2`` kept as it is would put the queues in database 0
    while the cache uses 2."""
    if redis_url.startswith("unix://"):
        return "redis+socket://" + re.sub(r"([?&])db=", r"\1virtual_host=", redis_url.removeprefix("unix://"))
    return redis_url


CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": REDIS_URL,
        "KEY_PREFIX": "rapport",
        # A hung Redis must cost a request a second, not block it (every cache user falls back).
        "OPTIONS": {"socket_timeout": 1, "socket_connect_timeout": 1},
    }
}

# --- Celery -----------------------------------------------------------------------------------
CELERY_BROKER_URL = celery_broker_url(REDIS_URL)
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_BROKER_TRANSPORT_OPTIONS = {
    # A task not acknowledged within this window is redelivered; it must exceed every task's hard time limit.
    "visibility_timeout": env.int("CELERY_VISIBILITY_TIMEOUT", default=3600),
    # POST /ingest publishes to Redis inside the request: a hung (not stopped) Redis would otherwise block it
    # forever on a socket read. 2 s stays above the worker's 1 s BRPOP, whose reply must not time out.
    "socket_timeout": 2,
    "socket_connect_timeout": 2,
}
# One retry on a fresh connection (Celery's default is three): enough for a connection Redis dropped on a restart,
# while a hung Redis costs a request ~6 s (two timed-out attempts; measured) before ingest answers 202 anyway
# and leaves the message to the sweeper.
CELERY_TASK_PUBLISH_RETRY_POLICY = {"max_retries": 1, "interval_start": 0, "interval_step": 0.2, "interval_max": 0.2}
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_SOFT_TIME_LIMIT = 240
CELERY_TASK_TIME_LIMIT = 300
CELERY_TASK_IGNORE_RESULT = True  # results live in Postgres, not in the broker
CELERY_BEAT_SCHEDULER = "django_celery_beat.schedulers:DatabaseScheduler"
CELERY_TIMEZONE = "UTC"
# Queues (SCALING.md), so that no backlog of one kind of work can starve another; each is consumed by a worker
# of make run's Procfile and docker-compose.yml (tests/config_tests/test_queues.py fails on a queue nobody consumes):
# - ingest: the deferred tier of every message (also re-enqueued by the sweeper);
# - embeddings: embedding memories written outside the deferred tier (API, admin, the pass's patterns; CPU-bound);
# - consolidation: the long passes (periodic consolidation, mood patterns, ledger retention: minutes to an hour)
#   and the debounced per-contact consolidation, so a pass never holds up ingest;
# - webhooks: the attempts, which wait on receivers we do not run (up to WEBHOOK_ATTEMPT_DEADLINE_SECONDS each).
# The default queue (`celery`) keeps the short periodic sweeps that must run on time: the pending-message sweep,
# the access-log flush, the sweep that queues due webhook retries and the delivery retention. Their beat rows
# expire by the next run (config/beat.py): behind a backlog of the work they schedule they would expire unrun.
CELERY_TASK_DEFAULT_QUEUE = "celery"
CELERY_TASK_ROUTES = {
    "memories.tasks.process_message": {"queue": "ingest"},
    "memories.tasks.embed_memories": {"queue": "embeddings"},
    "consolidation.tasks.consolidate_contact": {"queue": "consolidation"},
    "consolidation.tasks.consolidate_periodic": {"queue": "consolidation"},
    "staff.tasks.contact_consolidate_now_task": {"queue": "consolidation"},
    "moods.tasks.detect_mood_patterns": {"queue": "consolidation"},
    "contacts.tasks.apply_ledger_retention": {"queue": "consolidation"},
    "webhooks.tasks.deliver_webhook": {"queue": "webhooks"},
}

# --- LLM and embeddings (each behind one seam; offline fallbacks when unset) -----------------
OPENAI_API_KEY = env.str("OPENAI_API_KEY", default="")
OPENAI_BASE_URL = env.str("OPENAI_BASE_URL", default="")
LLM_MODEL = env.str("LLM_MODEL", default="gpt-4o-mini")
MOOD_MODEL = env.str("MOOD_MODEL", default="gpt-4o-mini")
EMBEDDING_PROVIDER = env.str("EMBEDDING_PROVIDER", default="local")
EMBEDDING_MODEL = env.str("EMBEDDING_MODEL", default="all-MiniLM-L6-v2")
# Width of Memory.embedding. Changing it needs a migration and a re-embed (see README).
EMBEDDING_DIMENSIONS = 384
# onnxruntime threads per process for the local model. Two nearly double a worker's batch throughput; a web
# process embeds one short query at a time, where a second thread saved nothing measurable (a 14-token query:
# 4.2 ms on two, 4.3 ms on one, the same CPU) while two web processes × two threads would put four busy threads
# on two cores under concurrent requests: the Procfile's web process sets 1.
EMBEDDING_THREADS = env.int("EMBEDDING_THREADS", default=2)
if EMBEDDING_PROVIDER not in {"local", "openai"}:
    raise ImproperlyConfigured("EMBEDDING_PROVIDER must be 'local' or 'openai'")

# --- Memory engine (names and defaults from ../shared/spec/contact-intelligence.txt) -----------
# Per memory type: default importance and decay rate (importance lost per day without access).
MEMORY_DEFAULTS = {
    "fact": {"importance": 0.7, "decay_rate": 0.003},
    "preference": {"importance": 0.8, "decay_rate": 0.005},
    "episode": {"importance": 0.5, "decay_rate": 0.008},
    "pattern": {"importance": 0.8, "decay_rate": 0.004},
}
REINFORCE_BOOST = 0.05  # importance added when a memory is mentioned again (capped at 1)
RECENT_MEMORIES = 20  # inline dedup compares against this many recent memories (cached in Redis)
MERGE_SIMILARITY = 0.92  # deferred merge: cosine above this, same type and contact → one memory
LLM_EXTRACTION_ENABLED = env.bool("LLM_EXTRACTION_ENABLED", default=False)
# Wall-clock budget of one extraction call (deferred tier): past it the rules' memories are all the message gives.
LLM_EXTRACTION_TIMEOUT_SECONDS = env.float("LLM_EXTRACTION_TIMEOUT_SECONDS", default=10.0)
# Ingest limits (400 beyond them).
INGEST_MAX_MESSAGE_BYTES = 16 * 1024
INGEST_MAX_METADATA_BYTES = 8 * 1024
INGEST_BATCH_MAX = 100
# Largest request body (413 beyond it, before the body is read). The default (5.7 MiB) fits a full batch of
# messages at the byte limit even when JSON-escaping triples them (2-byte characters sent as ``\u00e9``).
DATA_UPLOAD_MAX_MEMORY_SIZE = env.int(
    "REQUEST_MAX_BYTES", default=INGEST_BATCH_MAX * (3 * INGEST_MAX_MESSAGE_BYTES + INGEST_MAX_METADATA_BYTES + 2048)
)
# The sweeper (celery-beat, every minute): a message still pending this long after it was received is
# re-enqueued, with exponential backoff between sweeps; after SWEEP_MAX_ATTEMPTS it is marked failed.
SWEEP_AFTER_SECONDS = env.int("SWEEP_AFTER_SECONDS", default=120)
SWEEP_MAX_ATTEMPTS = env.int("SWEEP_MAX_ATTEMPTS", default=10)
# A user message after this much silence starts a new session, even in the same conversation.
SESSION_IDLE_MINUTES = env.int("SESSION_IDLE_MINUTES", default=30)
# Relationship stages: sessions needed for building / established / deep (plus deep's streak);
# contacts silent this long are fading / dormant (consolidation recomputes quiet contacts).
STAGE_BUILDING_SESSIONS = 3
STAGE_ESTABLISHED_SESSIONS = 15
STAGE_DEEP_SESSIONS = 30
STAGE_DEEP_STREAK_DAYS = 14
STAGE_FADING_AFTER_DAYS = 14
STAGE_DORMANT_AFTER_DAYS = 45
# Session history (working memory) in Redis: last N messages per conversation, first turn kept.
HISTORY_WINDOW = 20
HISTORY_TTL_SECONDS = 24 * 3600
HISTORY_VERBATIM_TURNS = 4  # with ?budget=, these most recent turns are never summarised

# --- Retrieval (GET /context) --------------------------------------------------------------
# RetrievalScore weights (the signals of contact-intelligence §2.3); a tenant may override any of them in
# Tenant.settings["retrieval_weights"]. Business (tenant-level) memory uses the AI Brain weights.
# Relevance first (issue 19): the spec's 0.35 / 0.25 / 0.20 / 0.10 / 0.10 let recency and importance (0.55 together)
# order the candidates, so a recent or important memory beat the one that answers the question: LoCoMo recall@1200
# 0.760 with them, 0.812 with these (both with the query's subject; BENCHMARKS.md). Weights from 0.6 to 0.8 for
# similarity with 0.2–0.3 for entities score within 0.02 of each other on both conversations: a plateau, not a peak.
RETRIEVAL_WEIGHTS = {
    "similarity": 0.65,
    "recency": 0.05,
    "importance": 0.05,
    "access_frequency": 0.05,
    "entity_match": 0.20,
}
# Business (tenant-level, contact = null) memory: AI Brain §3.2 weights, Tenant.settings
# ["business_retrieval_weights"] overrides; its own decay (importance lost per day without access)
# and GET /brain/context's default token budget (?budget= overrides).
BUSINESS_RETRIEVAL_WEIGHTS = {
    "similarity": 0.40,
    "recency": 0.25,
    "importance": 0.20,
    "access_frequency": 0.10,
    "entity_match": 0.05,
}
BUSINESS_DECAY_RATE = 0.01
BUSINESS_CONTEXT_BUDGET = 1200
# The fewest of the most similar memories that are candidates for a query (united with the entity-matched and durable
# ones); more are, as many as it takes for their lines to fill the budget being filled (ranking._similar_enough).
RETRIEVAL_CANDIDATES = 30
RETRIEVAL_MIN_IMPORTANCE = 0.1
# Hybrid similarity = DENSE_SHARE × cosine + (1 − DENSE_SHARE) × normalised full-text rank. BM25 is scaled so a
# contact's best match scores 1 however weak it is; the cosine is absolute: 0.7 (LoCoMo recall@1200 0.6–0.8 all
# within 0.01; 0.5 is 0.03 lower, 1.0 — the cosine alone — 0.2 lower).
RETRIEVAL_DENSE_SHARE = 0.7
# Memory tokens injected per relationship stage (chat-engine-memory-v2 §3.4); ?budget= overrides.
STAGE_BUDGETS = {"new": 0, "building": 500, "established": 1200, "deep": 2000, "fading": 800, "dormant": 200}
# The durable memories (who the contact is) always go in first, up to this many tokens, at every stage; the stage's
# budget is raised to what they took and scales the rest (context/budget.py states the rule).
DURABLE_CONTEXT_TOKENS = 400
QUERY_EMBEDDING_CACHE_SECONDS = 7 * 24 * 3600

# --- Consolidation (contact-intelligence §6, AI Brain §4.3–4.4) ------------------------------
# The periodic pass's period as declared in config/beat.py (a test keeps the two equal); the live schedule is a
# django-celery-beat row staff may change in the admin.
CONSOLIDATION_INTERVAL_HOURS = 6
CONSOLIDATION_DEBOUNCE_SECONDS = env.int("CONSOLIDATION_DEBOUNCE_SECONDS", default=300)  # deferred, per contact
# Decay and pruning count from a memory's mattered_at: when it was created, re-stated, reinforced, merged into or
# last retrieved.
DECAY_AFTER_DAYS = 7  # memories that have not mattered for this long lose decay_rate per day
PRUNE_BELOW_IMPORTANCE = 0.1  # ... and are forgotten once below this and unmattered for PRUNE_AFTER_DAYS
PRUNE_AFTER_DAYS = 30
# Durable memories (memories/durability.py) never leave the active set by decay, pruning or the cap; decay lowers
# only their ranking weight, down to this. Above RETRIEVAL_MIN_IMPORTANCE (0.1), so ranking never drops them, and
# below every fresh memory's default (0.5–0.8), so a fact unread for years ranks under what was said this week —
# about where an episode stands after seven weeks of quiet (0.5 − 0.008 × 25 days).
DURABLE_IMPORTANCE_FLOOR = 0.3
EXPIRED_KEEP_DAYS = 30  # expired memories leave context at once and are deleted this long after expiry
# Pruned and evicted memories are kept as status "forgotten" (their reason in history) for staff to see and restore,
# then deleted: longer than expired ones (which a date in the message set), a quarter for someone to notice a loss.
FORGOTTEN_KEEP_DAYS = 90
# Active memories per contact. Over it go episodes first, then non-durable preferences, then patterns (each the least
# important, then the oldest first); pinned and durable memories count towards it but never go.
MEMORY_CAP_PER_CONTACT = env.int("MEMORY_CAP_PER_CONTACT", default=100)
THEME_MIN_EPISODES = 5  # active episodes sharing a theme (an entity or a tight cluster) → one pattern
THEME_CLUSTER_SIMILARITY = 0.8  # cosine between episodes of one embedding cluster
THEME_PATTERN_IMPORTANCE = 0.8
# Episodes no theme took are kept as said this long, then fold into their month's summary (a pattern, slot
# "period:YYYY-MM"): old life summarised, not deleted (issue 17).
EPISODE_FOLD_AFTER_DAYS = env.int("EPISODE_FOLD_AFTER_DAYS", default=7)
PERIOD_PATTERN_IMPORTANCE = 0.6  # below a theme's: a month is a record, a theme is who they are
# ... and it does not decay (a record of what happened; ranking's recency ages it): never pruned, the cap's last
# resort among patterns. A month's summary joins its year's once the month ended this long ago.
MONTH_SUMMARY_DAYS = 90
PERIOD_SUMMARY_MAX_WORDS = 80  # a month's summary in context costs about 110 tokens
CHURN_DECLINE_LOOKBACK_DAYS = 30  # churn = silence / dormancy threshold + ENGAGEMENT_CHURN_STEP per recent decline

# --- Emotional intelligence (contact-intelligence §4) ----------------------------------------
# The LLM mood classifier's budget; past it the previous mood is kept (no LLM → keyword fallback).
MOOD_TIMEOUT_MS = env.int("MOOD_TIMEOUT_MS", default=200)
MOOD_LLM_ENABLED = env.bool("MOOD_LLM_ENABLED", default=True)  # used only when OPENAI_API_KEY is set
# Baseline (usual) mood/energy/style: the most common over the last N readings, once there are enough.
MOOD_BASELINE_WINDOW = 100
MOOD_BASELINE_MIN_READINGS = 5
# A mood reading older than this is shown as "last known" rather than "current".
MOOD_CURRENT_HOURS = 12
# /context's "Recent context" line: the latest episode of this many hours.
RECENT_CONTEXT_HOURS = 72
# Sustained negative: this many consecutive negative readings → a "difficult period" memory (one per
# SUSTAINED_NEGATIVE_GAP_DAYS) and a check-in trigger at TRIGGER_MORNING_HOUR local the next morning.
SUSTAINED_NEGATIVE_MESSAGES = 3
SUSTAINED_NEGATIVE_GAP_DAYS = 7
TRIGGER_MORNING_HOUR = 9
# Consistent timing: this share of the last TIMING_LOOKBACK_DAYS' user messages in one window of
# TIMING_WINDOW_HOURS consecutive local hours, over at least TIMING_MIN_DAYS distinct days.
TIMING_SHARE = 0.7
TIMING_WINDOW_HOURS = 2
TIMING_MIN_DAYS = 14
TIMING_LOOKBACK_DAYS = 30
# Engagement decline: messages per session over the last ENGAGEMENT_WINDOW_DAYS at most this share of
# the window before → churn risk + ENGAGEMENT_CHURN_STEP (once per window) and an insight; a bored
# share of readings at or above BOREDOM_SHARE over the window adds a boredom insight.
ENGAGEMENT_WINDOW_DAYS = 7
ENGAGEMENT_DECLINE_SHARE = 0.5
ENGAGEMENT_CHURN_STEP = 0.2
BOREDOM_SHARE = 0.3
# Crisis language: /context leads with safety guidance for this long after the latest such message.
CRISIS_CONTEXT_HOURS = 24
# Tenant.settings["helpline_text"] overrides this; Tenant.settings["crisis_review_enabled"] turns on review flags.
DEFAULT_HELPLINE_TEXT = (
    "If they may be in danger, urge them to call their local emergency number now. Free, confidential support "
    "is available 24/7: in the US call or text 988 (Suicide & Crisis Lifeline); in the UK and Ireland call "
    "Samaritans on 116 123; anywhere else, find a local helpline at https://findahelpline.com."
)

# --- Webhooks (Standard Webhooks; webhooks/) ----------------------------------------------------
# Loopback, private, link-local, unique-local and reserved targets are refused (SSRF) unless this is set: for a
# receiver on the same machine or network (development, tests).
WEBHOOK_ALLOW_PRIVATE_URLS = env.bool("WEBHOOK_ALLOW_PRIVATE_URLS", default=False)
WEBHOOK_TIMEOUT_SECONDS = env.float("WEBHOOK_TIMEOUT_SECONDS", default=10.0)
# The whole attempt (connect, send, the answer's status and first bytes) ends within this, whatever the receiver
# does; well under the attempt's lease (2 min), so the sweeper never sends beside a running attempt.
WEBHOOK_ATTEMPT_DEADLINE_SECONDS = env.float("WEBHOOK_ATTEMPT_DEADLINE_SECONDS", default=30.0)
# Waits before each retry of a failed attempt: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 6 h (23.6 h after the first
# attempt the delivery is failed). A retry waiting longer than the sweep period is picked up by the sweep.
WEBHOOK_RETRY_SCHEDULE_SECONDS = [5, 300, 1800, 7200, 18000, 36000, 21600]
# An endpoint is disabled (with its reason) after this many deliveries in a row failed for good, or once every
# attempt has failed for this long; a success resets both. Staff re-enable it in the admin.
WEBHOOK_DISABLE_AFTER_FAILED_DELIVERIES = env.int("WEBHOOK_DISABLE_AFTER_FAILED_DELIVERIES", default=5)
WEBHOOK_DISABLE_AFTER_FAILING_HOURS = env.int("WEBHOOK_DISABLE_AFTER_FAILING_HOURS", default=24)
# Finished (succeeded, failed) deliveries are deleted this many days after they finished (a daily beat task).
WEBHOOK_DELIVERY_RETENTION_DAYS = env.int("WEBHOOK_DELIVERY_RETENTION_DAYS", default=30)
# Endpoints one tenant may register (each event is one delivery per endpoint): 400 beyond.
WEBHOOK_MAX_ENDPOINTS = env.int("WEBHOOK_MAX_ENDPOINTS", default=20)

# --- API --------------------------------------------------------------------------------------
# Requests per API key and scope (contacts/throttling.py): fixed one-period windows counted in the Redis
# cache, 429 with Retry-After beyond them. Tenant.settings["rate_limits"] overrides a scope for that
# tenant's keys. A rate is "<count>/<s|min|hour|day>".
API_RATE_LIMITS = {
    "ingest": env.str("RATE_LIMIT_INGEST", default="6000/min"),  # POST /ingest, /ingest/batch
    "context": env.str("RATE_LIMIT_CONTEXT", default="6000/min"),  # GET /context, /brain/context
    "default": env.str("RATE_LIMIT_DEFAULT", default="1200/min"),  # every other endpoint
}
for _scope, _rate in API_RATE_LIMITS.items():
    if not re.fullmatch(r"[1-9][0-9]*/(s|sec|second|m|min|minute|h|hour|d|day)", _rate):
        raise ImproperlyConfigured(f"RATE_LIMIT_{_scope.upper()} must look like 6000/min (got {_rate!r})")
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": ["contacts.authentication.TenantAPIKeyAuthentication"],
    "DEFAULT_PERMISSION_CLASSES": ["contacts.authentication.IsTenantClient"],
    "DEFAULT_SCHEMA_CLASS": "config.schema.AutoSchema",
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    # JSON bodies only: a form or multipart post is a 415 (config.errors), and the schema advertises JSON alone, so
    # a generated client sends JSON (it sent multipart when the schema offered it, and nested metadata broke).
    # The staff admin is Django's, not DRF's: its forms are not parsed here.
    "DEFAULT_PARSER_CLASSES": ["config.parsers.BoundedJSONParser"],
    "EXCEPTION_HANDLER": "config.errors.api_exception_handler",
    "TEST_REQUEST_DEFAULT_FORMAT": "json",
    "UNAUTHENTICATED_USER": None,
    "DEFAULT_PAGINATION_CLASS": "config.pagination.CappedLimitOffsetPagination",
    "PAGE_SIZE": 50,
    # Run after authentication, before the view reads the body: the rate per API key, then the body size.
    "DEFAULT_THROTTLE_CLASSES": ["contacts.throttling.ApiKeyRateThrottle", "contacts.throttling.RequestSizeLimit"],
    "DEFAULT_THROTTLE_RATES": API_RATE_LIMITS,
}
PAGINATION_MAX_LIMIT = 200
SPECTACULAR_SETTINGS = {
    "TITLE": "Rapport API",
    "DESCRIPTION": "Per-contact memory and emotional context for conversational AI.",
    "VERSION": "0.1.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",  # served from our static files: works offline
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "ENUM_NAME_OVERRIDES": {
        "MoodEnum": "contacts.models.Mood",
        "EnergyEnum": "contacts.models.Energy",
        "StyleEnum": "contacts.models.Style",
        "RelationshipStageEnum": "contacts.models.RelationshipStage",
        # Fields of one name with different choices (kind, status, source): each enum named after its model's.
        "MemoryStatusEnum": "memories.models.MemoryStatus",
        "MemorySourceEnum": "memories.models.MemorySource",
        "MemoryEventKindEnum": "memories.models.MemoryEventKind",
        "MoodSourceEnum": "moods.models.MoodSource",
        "ReviewFlagKindEnum": "moods.models.ReviewFlagKind",
        "TriggerKindEnum": "moods.models.TriggerKind",
        "InsightKindEnum": "moods.models.InsightKind",
        "IngestResultStatusEnum": ["accepted", "conflict", "gone"],
        "WebhookEventEnum": "webhooks.models.EventType",
        "WebhookDeliveryStatusEnum": "webhooks.models.DeliveryStatus",
    },
}
API_KEY_CUSTOM_HEADER = "HTTP_X_API_KEY"

# --- MCP server (mcpserver/: `manage.py mcp` over stdio, `manage.py mcp --http`, the `mcp` process of `make run`) ---
# Streamable HTTP at http://MCP_HOST:MCP_PORT/mcp: bound where the web process is (HOST) unless told, on a port of
# its own (web is PORT, 8000 by default).
MCP_HOST = env.str("MCP_HOST", default=env.str("HOST", default="127.0.0.1"))
MCP_PORT = env.int("MCP_PORT", default=8765)

# --- Metrics (metrics/, METRICS.md) ----------------------------------------------------------------
# GET /metrics (Prometheus text format) wants ``Authorization: Bearer <METRICS_TOKEN>`` when this is set; unset, it
# is open (counts and timings only, no personal data), and with DEBUG off the metrics.W001 check warns at start.
METRICS_TOKEN = env.str("METRICS_TOKEN", default="")
# Read at each scrape (the rest is recorded as it happens): the pending backlog (Postgres), the queue depths (Redis).
METRICS_SCRAPE_COLLECTORS = [
    "ingest.metrics.PendingBacklogCollector",
    "metrics.collectors.CeleryQueueDepthCollector",
]
# A Celery worker on a host without a web process of its own serves its metrics itself, on this port (0: off), from
# its PROMETHEUS_MULTIPROC_DIR (required: its tasks run in child processes). No token there: bind it to a private
# network only. METRICS.md, "Across hosts".
METRICS_WORKER_PORT = env.int("METRICS_WORKER_PORT", default=0)
METRICS_WORKER_ADDR = env.str("METRICS_WORKER_ADDR", default="127.0.0.1")

# --- Django basics ----------------------------------------------------------------------------
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True
STATIC_URL = "static/"
STATIC_ROOT = Path(env.str("STATIC_ROOT", default=str(DATA_DIR / "static")))
STATIC_ROOT.mkdir(parents=True, exist_ok=True)  # whitenoise warns on every request without it
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}
# Without collectstatic (local runs), whitenoise serves straight from the app directories.
WHITENOISE_USE_FINDERS = True
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

if not DEBUG:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env.bool("SECURE_SSL_REDIRECT", default=True)
    # Probes and the scraper call the process directly over plain HTTP (no proxy, no X-Forwarded-Proto): a redirect
    # to https would fail them. (Their Host must still be in ALLOWED_HOSTS.)
    SECURE_REDIRECT_EXEMPT = [r"^health(/ready)?$", r"^metrics$"]
    SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", default=31536000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True

# --- Logs, errors reported, readiness ---------------------------------------------------------
# JSON lines on stdout from every process (config/logging.py); LOG_FORMAT=console renders them for a human.
LOG_LEVEL = env.str("LOG_LEVEL", default="INFO")
LOG_FORMAT = env.str("LOG_FORMAT", default="json")
if LOG_FORMAT not in {"json", "console"}:
    raise ImproperlyConfigured("LOG_FORMAT must be 'json' or 'console'")
configure_structlog()
LOGGING = logging_config(level=LOG_LEVEL, renderer=LOG_FORMAT)
# Errors reported to Sentry when set (config/sentry.py: no message text, no personal data); off by default.
SENTRY_DSN = env.str("SENTRY_DSN", default="")
SENTRY_ENVIRONMENT = env.str("SENTRY_ENVIRONMENT", default="development" if DEBUG else "production")
if SENTRY_DSN:
    sentry_init(dsn=SENTRY_DSN, environment=SENTRY_ENVIRONMENT)
# GET /health/ready (config/health.py): not ready when no worker consuming these queues has beaten within
# WORKER_HEARTBEAT_STALE_SECONDS (a worker beats every 2 s, config/celery.py), or when more messages than
# READY_MAX_PENDING_MESSAGES wait for processing (the worker is falling behind: send traffic elsewhere).
READY_WORKER_QUEUES = env.list("READY_WORKER_QUEUES", default=["ingest"])
WORKER_HEARTBEAT_STALE_SECONDS = env.int("WORKER_HEARTBEAT_STALE_SECONDS", default=30)
READY_MAX_PENDING_MESSAGES = env.int("READY_MAX_PENDING_MESSAGES", default=10_000)
