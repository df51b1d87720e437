"""Django settings, read from the environment (django-environ).

Required in production: ``CASINO_ENV=production``, ``SECRET_KEY``, ``DATABASE_URL``,
``REDIS_URL``, ``ALLOWED_HOSTS`` (``deploy/README.md``). ``make run`` and ``make test`` set
``DATABASE_URL`` and ``REDIS_URL`` to the local servers they start when those are unset, and
``SECRET_KEY`` to a key of their own.
"""

from __future__ import annotations

from pathlib import Path

import environ
from celery.schedules import crontab
from django.core.exceptions import ImproperlyConfigured
from redis.backoff import NoBackoff
from redis.retry import Retry

from casino.core.catalogues import LANGUAGES as CATALOGUE_LANGUAGES
from casino.core.catalogues import LOCALE_DIR
from casino.core.logs import formatters

BASE_DIR = Path(__file__).resolve().parent.parent

env = environ.Env()

DEBUG = env.bool("DEBUG", default=False)
#: ``production`` serves HTTPS only (``deploy/README.md``); anything else is a machine of its own
#: (``make run``, the tests), served over plain HTTP on loopback.
CASINO_ENV = env.str("CASINO_ENV", default="development")
PRODUCTION = CASINO_ENV == "production"
INSECURE_SECRET_KEY = "insecure-local-development-key-change-me"
SECRET_KEY = env.str("SECRET_KEY", default=INSECURE_SECRET_KEY)
# Anyone who knows the key forges sessions, CSRF tokens and password-reset links: a server not
# in debug mode refuses to start on the published one (``make run`` makes a key of its own).
if not DEBUG and SECRET_KEY in ("", INSECURE_SECRET_KEY):
    raise ImproperlyConfigured(
        "SECRET_KEY is unset or the insecure development key: set SECRET_KEY (or DEBUG=true on "
        "a development machine)."
    )
if PRODUCTION and DEBUG:
    raise ImproperlyConfigured("DEBUG must be off when CASINO_ENV is production.")
ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=["localhost", "127.0.0.1", "[::1]", "testserver"])
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[])

# Production is served over HTTPS only, behind a proxy that terminates TLS and says so in
# X-Forwarded-Proto (deploy/README.md); the health probe comes from inside, over plain HTTP.
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https") if PRODUCTION else None
SECURE_SSL_REDIRECT = env.bool("SECURE_SSL_REDIRECT", default=PRODUCTION)
SECURE_REDIRECT_EXEMPT = [r"^healthz$", r"^livez$", r"^readyz$", r"^metrics$"]
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = PRODUCTION
SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", default=31_536_000 if PRODUCTION else 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env.bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", default=PRODUCTION)
SECURE_HSTS_PRELOAD = env.bool("SECURE_HSTS_PRELOAD", default=PRODUCTION)

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "rules.apps.AutodiscoverRulesConfig",
    # In layer order, the shared core first (pyproject.toml's import contracts).
    "casino.core",
    "casino.api",
    "casino.identity",
    "tables",
    "payouts",
    "casino.patrons",
    "casino.dealers",
    "audit",
    "casino.floor",
    "casino.demo",
    "casino.surfaces",
]

MIDDLEWARE = [
    # Push events go out once the answer has (casino.core.push.sends_held): outermost, so the
    # answer it holds them for is the one the server writes.
    "casino.api.middleware.PushAfterAnswerMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "casino.api.middleware.RequestIdMiddleware",
    # Outside every other middleware but the request id's (and the push's, which only holds
    # events): it sees each of their answers.
    "casino.api.handlers.ErrorShapeMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "casino.urls"
# Errors outside the API's views answer in its one shape too (casino.api.handlers; the 400,
# 403, 404 and 500 handlers are named in casino.urls).
CSRF_FAILURE_VIEW = "casino.api.handlers.csrf_failure"
# No request the API takes comes near this (an action, a correction's lines, a report's
# parameters are a few hundred bytes); a larger body is refused unread, 413.
DATA_UPLOAD_MAX_MEMORY_SIZE = env.int("DATA_UPLOAD_MAX_MEMORY_SIZE", default=1024 * 1024)
WSGI_APPLICATION = "casino.wsgi.application"
ASGI_APPLICATION = "casino.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "casino.surfaces.context.games",
            ],
        },
    },
]

DATABASES = {"default": env.db_url("DATABASE_URL", default="postgres://postgres@localhost/casino")}
# Connecting per request made a bare insert endpoint four times slower: keep connections open,
# and check them before reuse so a restarted server does not surface as an error.
DATABASES["default"]["CONN_MAX_AGE"] = env.int("CONN_MAX_AGE", default=600)
DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
DATABASES["default"].setdefault("OPTIONS", {}).update(
    server_side_binding=True,
    prepare_threshold=5,
    # A server that does not answer is reported (503 database_unavailable) rather than waited
    # for: a request gives up connecting after this many seconds (libpq's minimum is 2).
    connect_timeout=env.int("DATABASE_CONNECT_TIMEOUT", default=3),
)
DATABASES["default"]["TEST"] = {"NAME": env.str("TEST_DATABASE_NAME", default="test_casino")}

# Scale-out (deploy/README.md "Pooled connections", "Read replicas"). Behind PgBouncer in
# transaction mode a connection is another server session at every transaction: nothing may
# outlive one, so no named prepared statements and no server-side cursors (WITH HOLD).
DATABASE_POOL_MODE = env.str("DATABASE_POOL_MODE", default="session")
if DATABASE_POOL_MODE not in ("session", "transaction"):
    raise ImproperlyConfigured("DATABASE_POOL_MODE is session or transaction.")
if DATABASE_POOL_MODE == "transaction":
    DATABASES["default"]["OPTIONS"]["prepare_threshold"] = None
    DATABASES["default"]["DISABLE_SERVER_SIDE_CURSORS"] = True
# A streaming replica for the reports, round searches and pit view (casino.core.db_router);
# never migrated, a mirror of the primary for the tests.
if env.str("DATABASE_REPLICA_URL", default=""):
    _replica = env.db_url("DATABASE_REPLICA_URL")
    DATABASES["replica"] = {
        **{k: v for k, v in DATABASES["default"].items() if k != "TEST"},
        **_replica,
        # The primary's connection options, less where it is.
        "OPTIONS": {
            **{
                k: v
                for k, v in DATABASES["default"]["OPTIONS"].items()
                if k not in ("host", "port")
            },
            **_replica.get("OPTIONS", {}),
        },
        "TEST": {"MIRROR": "default"},
    }
DATABASE_ROUTERS = ["casino.core.db_router.ReplicaRouter"]
#: Seconds a report of a closed gaming day waits for the replica to catch up before reading
#: the primary.
DATABASE_REPLICA_WAIT_S = env.float("DATABASE_REPLICA_WAIT_SECONDS", default=30.0)

REDIS_URL = env.str("REDIS_URL", default="redis://127.0.0.1:6379/0")

#: Seconds any command to Redis may take, connecting included: a Redis that is paused or gone
#: costs a request at most this, never a hang (``REDIS_TIMEOUT``).
REDIS_TIMEOUT_S = env.float("REDIS_TIMEOUT", default=1.0)

CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": REDIS_URL,
        "OPTIONS": {
            "socket_timeout": REDIS_TIMEOUT_S,
            "socket_connect_timeout": REDIS_TIMEOUT_S,
            # redis-py retries a refused connection ten times with backoff (about 3 s): once.
            "retry": Retry(NoBackoff(), 1),
        },
    }
}

# Push (casino.core.push): each pit's stream of changes keeps about STREAM_LENGTH entries (a
# client further behind reloads the pit view); a publish waits at most TIMEOUT_S for Redis. A
# subscriber's stream sends a heartbeat after HEARTBEAT_S of quiet and ends after MAX_SECONDS,
# when the client reconnects, authenticated and authorised afresh.
PUSH = {
    "STREAM_LENGTH": env.int("PUSH_STREAM_LENGTH", default=1000),
    "TIMEOUT_S": REDIS_TIMEOUT_S,
    "HEARTBEAT_S": env.float("PUSH_HEARTBEAT_SECONDS", default=15.0),
    "MAX_SECONDS": env.float("PUSH_STREAM_MAX_SECONDS", default=300.0),
}

AUTHENTICATION_BACKENDS = [
    "rules.permissions.ObjectPermissionBackend",
    "casino.identity.backends.SignInBackend",
]

# Sign-in (casino/identity): a device token lasts one shift; a user name is locked after this
# many failed sign-ins in a row (kept in PostgreSQL) until a pit boss or an admin lifts it; failed
# sign-ins are throttled per user name and per client address (kept in Redis, failing open).
DEVICE_TOKEN_TTL_HOURS = env.float("DEVICE_TOKEN_TTL_HOURS", default=12)
SIGN_IN_LOCKOUT_FAILURES = env.int("SIGN_IN_LOCKOUT_FAILURES", default=10)
SIGN_IN_THROTTLE_RATES = {
    "username": env.str("SIGN_IN_THROTTLE_USERNAME_RATE", default="5/min"),
    "address": env.str("SIGN_IN_THROTTLE_ADDRESS_RATE", default="20/min"),
}
# The client address is REMOTE_ADDR, unless it is one of these proxies (addresses or networks):
# then the last address of X-Forwarded-For that is not one of them. None by default: a header
# anybody can send is not believed.
TRUSTED_PROXIES = env.list("TRUSTED_PROXIES", default=[])
# Tablets bound to tables (tables/): failed PIN sign-ins are throttled per tablet too, besides
# the user name's rate above.
SIGN_IN_THROTTLE_RATES["tablet"] = env.str("SIGN_IN_THROTTLE_TABLET_RATE", default="20/min")

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
]

LANGUAGE_CODE = "en"
# The languages of the pages, and their catalogues (docs/i18n.md): the .po files under
# casino/locale/, compiled to .mo in pure Python (casino.core.catalogues).
LANGUAGES = list(CATALOGUE_LANGUAGES)
LOCALE_PATHS = [LOCALE_DIR]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = env.path("STATIC_ROOT", default=BASE_DIR / ".local" / "static")
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}
WHITENOISE_USE_FINDERS = True

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        # The device token, read with the tablet it was issued at (if any) in one statement.
        "tables.authentication.TabletBoundTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_SCHEMA_CLASS": "casino.api.schema.ApiAutoSchema",
    "EXCEPTION_HANDLER": "casino.api.errors.exception_handler",
    # JSON only, its nesting bounded (casino.api.parsers); a form body is 415.
    "DEFAULT_PARSER_CLASSES": ["casino.api.parsers.SafeJSONParser"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"]
    + (["rest_framework.renderers.BrowsableAPIRenderer"] if DEBUG else []),
    "COERCE_DECIMAL_TO_STRING": True,
    "UNAUTHENTICATED_USER": "django.contrib.auth.models.AnonymousUser",
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Casino table management API",
    "DESCRIPTION": "Rounds, settlements, audit trail and reports for live tables.",
    "VERSION": "1",
    # OpenAPI 3.1: its schemas are JSON Schema (2020-12), so a nullable reference is exact and
    # every response body can be validated against the schema as published.
    "OAS_VERSION": "3.1.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "casino.api.schema.add_error_component",
    ],
    # Several models have a "kind" or a "status": each set of choices gets its own name.
    "ENUM_NAME_OVERRIDES": {
        "CorrectionKindEnum": "payouts.models.CorrectionKind",
        "CorrectionStatusEnum": "payouts.models.CorrectionStatus",
        "ReportStatusEnum": "audit.models.ReportStatus",
        "AlertKindEnum": "casino.core.models.AlertKind",
        "TrayCountKindEnum": "payouts.models.TrayCountKind",
        "SlipKindEnum": "payouts.models.SlipKind",
        "SlipStepKindEnum": "payouts.models.SlipStepKind",
        "SlipStatusEnum": "payouts.tray_selectors.SLIP_STATUSES",
        "CountStatusEnum": "payouts.api.tray.COUNT_STATUSES",
        "SlipVoidStatusEnum": "payouts.api.tray.VOID_STATUSES",
        "PatronKindEnum": "casino.patrons.models.PatronKind",
        "ExclusionKindEnum": "casino.patrons.models.ExclusionKind",
        "CashKindEnum": "casino.patrons.models.CashKind",
        "TableCashKindEnum": "casino.patrons.api.serializers.TABLE_CASH_KINDS",
    },
}

CELERY_BROKER_URL = REDIS_URL
CELERY_RESULT_BACKEND = REDIS_URL
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_ACKS_LATE = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# Without timeouts a publish to a paused Redis waits for ever, holding the request that sent it.
# Every task a request sends is first written to an outbox in the request's transaction
# (audit.services.reports.outbox), so a publish that fails or times out is sent again later:
# one quick attempt, no retries in the request.
CELERY_BROKER_CONNECTION_TIMEOUT = REDIS_TIMEOUT_S / 2
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "socket_timeout": REDIS_TIMEOUT_S,
    "socket_connect_timeout": REDIS_TIMEOUT_S,
    # Reconnecting to publish: kombu sleeps 2 s before its first retry unless told otherwise.
    "interval_start": 0.1,
    "interval_step": 0.2,
    "interval_max": 0.5,
}
CELERY_REDIS_SOCKET_TIMEOUT = REDIS_TIMEOUT_S
CELERY_REDIS_SOCKET_CONNECT_TIMEOUT = REDIS_TIMEOUT_S
CELERY_TASK_PUBLISH_RETRY = False
# Each nightly job runs hourly and does only what is due: a casino's gaming day is "closed" at
# its own start hour and time zone, and a missed run is caught up by the next.
CELERY_BEAT_SCHEDULE: dict[str, dict[str, object]] = {
    "audit-nightly-reports": {"task": "audit.nightly_reports", "schedule": crontab(minute=10)},
    "audit-replay-closed-days": {
        "task": "audit.replay_closed_days",
        "schedule": crontab(minute=25),
    },
    "audit-seal-checkpoint": {
        "task": "audit.seal_checkpoint",
        "schedule": env.int("AUDIT_CHECKPOINT_INTERVAL_SECONDS", default=300),
    },
    # Incremental: reads the rows since the last verified checkpoint.
    "audit-verify-chain": {"task": "audit.verify_chain", "schedule": crontab(minute=45)},
    # The whole trail, every row rehashed.
    "audit-verify-chain-full": {
        "task": "audit.verify_chain",
        "schedule": crontab(minute=40, hour=4, day_of_week=env.int("AUDIT_FULL_VERIFY_WEEKDAY", 0)),
        "kwargs": {"full": True},
    },
    "audit-cross-check": {"task": "audit.cross_check", "schedule": crontab(minute=10, hour=5)},
    "audit-dealer-accuracy": {
        "task": "audit.dealer_accuracy",
        "schedule": crontab(minute=20, hour=5),
    },
    # The outbox of on-demand reports: what the broker did not take, or lost, is sent again.
    "audit-dispatch-reports": {
        "task": "audit.dispatch_reports",
        "schedule": env.int("AUDIT_REPORT_DISPATCH_SECONDS", default=30),
    },
    # Table configurations without a computed house edge, should a request have been lost.
    "payouts-refresh-house-edges": {
        "task": "payouts.refresh_house_edges",
        "schedule": env.int("HOUSE_EDGE_REFRESH_SECONDS", default=600),
    },
    # Ended sessions whose rounds were settled or corrected since they were rated.
    "patrons-revise-ratings": {
        "task": "patrons.revise_ratings",
        "schedule": env.int("RATING_REVISION_SECONDS", default=300),
    },
    # Rounds left without an action, open tables left without a dealer.
    "audit-watch-floor": {
        "task": "audit.watch_floor",
        "schedule": env.int("ALERT_WATCH_SECONDS", default=60),
    },
    # Dealers kept past their rotation plan, tables waiting for their relief, skipped breaks.
    "dealers-watch-rotation": {
        "task": "dealers.watch_rotation",
        "schedule": env.int("ROTATION_WATCH_SECONDS", default=60),
    },
}

# Alerts raised as things happen (casino/core/alerts.py).
ALERTS = {
    # A round with no action (or none since it opened) for this long raises round_idle.
    "IDLE_ROUND_MINUTES": env.int("ALERT_IDLE_ROUND_MINUTES", default=10),
    # An open table with no dealer for this long raises table_no_dealer.
    "NO_DEALER_MINUTES": env.int("ALERT_NO_DEALER_MINUTES", default=5),
    # This many refusals of a dealer's requests at one table within the window raise
    # dealer_refusals.
    "REFUSALS": env.int("ALERT_REFUSALS", default=5),
    "REFUSALS_MINUTES": env.int("ALERT_REFUSALS_MINUTES", default=5),
}

# Patrons (casino/patrons): a carded patron younger than this on the casino's gaming day is not
# enrolled (18 in most of Europe; 21 in most US states).
PATRON_MINIMUM_AGE = env.int("PATRON_MINIMUM_AGE", default=18)
# A patron's day flagged "little_play" (casino/patrons/aml_day.py): cash in of at least the log's
# threshold, and stakes below this share of it.
AML_LITTLE_PLAY_SHARE = env.str("AML_LITTLE_PLAY_SHARE", default="0.10")
# Dealers (casino/dealers/pace.py): the casino's norm of each game's pace, in rounds per hour
# at a table, as a JSON object by game (a decimal string each). The defaults are a starting
# point for the casino to set from its own game pace audits.
DEALER_PACE_NORMS = env.json(
    "DEALER_PACE_NORMS", default={"russian_poker": "35", "ruby_run": "30", "red_dog": "60"}
)
# Dealers' accuracy (audit/services/dealer_accuracy_check.py): over the week to each closed
# gaming day, a dealer above any of these, per 1,000 rounds dealt, raises an alert, once they
# have dealt at least DEALER_ACCURACY_MIN_ROUNDS rounds in that week.
DEALER_ACCURACY_LIMITS = env.json(
    "DEALER_ACCURACY_LIMITS",
    default={
        "voids": "10",
        "payout_corrections": "10",
        "entries_retracted": "20",
        "refused_entries": "50",
    },
)
DEALER_ACCURACY_MIN_ROUNDS = env.int("DEALER_ACCURACY_MIN_ROUNDS", default=200)
# The most points one comp may spend (casino/patrons/points.py): a pit boss's authority.
COMP_POINTS_LIMIT = env.str("COMP_POINTS_LIMIT", default="500")

# The chip tray (tables/services/trays.py): a shift whose win from the tray and the drop
# differs from its rounds' house result by more than this raises tray_variance. Chips are
# counted exactly, so the default allows no difference at all.
TRAY_RECONCILIATION_TOLERANCE = env.str("TRAY_RECONCILIATION_TOLERANCE", default="0.00")

# Checkpoints of the audit trail (audit/sealing/): signed with an Ed25519 key read from a file
# the database never holds, written to the database and outside it.
AUDIT_CHECKPOINTS = {
    # The private key (PEM, PKCS#8) on the machines that seal checkpoints.
    "KEY_FILE": env.str("AUDIT_SIGNING_KEY_FILE", default=""),
    # The public key alone, for a verifier that does not seal; else derived from KEY_FILE.
    "PUBLIC_KEY_FILE": env.str("AUDIT_PUBLIC_KEY_FILE", default=""),
    # Where checkpoints are written outside the database: a class with append() and lines()
    # (audit.sealing.sinks.CheckpointSink), made with TARGET (a folder for the default).
    "SINK": env.str("AUDIT_CHECKPOINT_SINK", default="audit.sealing.sinks.FolderSink"),
    "TARGET": env.str("AUDIT_CHECKPOINT_DIR", default=""),
}

# Gaming-day reports (audit/). An auditor may override the thresholds per report.
# The language of the reports the schedule builds (one of LANGUAGES); a report asked for through
# the API is in the language asked for, else the request's (docs/audit.md).
REPORT_LANGUAGE = env.str("REPORT_LANGUAGE", default="en")
AUDIT_REPORTS = {
    # "absolute": flag a hold further than VARIANCE_THRESHOLD_PP points from the theoretical;
    # "confidence": further than CONFIDENCE_Z standard errors over the period's rounds.
    "VARIANCE_MODE": env.str("AUDIT_VARIANCE_MODE", default="absolute"),
    "VARIANCE_THRESHOLD_PP": env.str("AUDIT_VARIANCE_THRESHOLD_PP", default="2.00"),
    "CONFIDENCE_Z": env.str("AUDIT_CONFIDENCE_Z", default="1.96"),
    # Per game, the standard deviation of one round's result per unit staked, from the game's
    # certificate, e.g. {"russian_poker": "2.3"}; without it the sample's own is used.
    "ROUND_SD": env.json("AUDIT_ROUND_SD", default={}),
    "LARGE_PAYOUT_THRESHOLD": env.str("AUDIT_LARGE_PAYOUT_THRESHOLD", default="5000.00"),
    # A gaming day is reported and replayed this long after it closes.
    "NIGHTLY_GRACE_MINUTES": env.int("AUDIT_NIGHTLY_GRACE_MINUTES", default=60),
    # A report still queued this long after its task was sent is sent again (the broker lost
    # it); a worker takes one within seconds unless a backlog holds it.
    "REDISPATCH_SECONDS": env.int("AUDIT_REPORT_REDISPATCH_SECONDS", default=600),
    # Where the report fonts, once made from their packages (seconds of work), are kept for the
    # next process to read (audit/services/reports/fonts.py); empty: made by every process.
    "FONT_CACHE_DIR": env.str(
        "AUDIT_REPORT_FONT_CACHE_DIR", default=str(BASE_DIR / ".local" / "report-fonts")
    ),
}

# The house edges computed from the rules (payouts.services.house_edges, docs/house-edge.md):
# each band's main-game figure to a 95 % half-width of HALF_WIDTH of the Ante (about two
# minutes of a core per band at 0.001), or ROUNDS rounds per band when set.
HOUSE_EDGES = {
    "HALF_WIDTH": env.str("HOUSE_EDGE_HALF_WIDTH", default="0.001"),
    "ROUNDS": env.int("HOUSE_EDGE_ROUNDS", default=0) or None,
    "STRATEGY": env.str("HOUSE_EDGE_STRATEGY", default="guide"),
    # Whether a change that asks for a house edge sends the refresh task at once (else only
    # the periodic refresh asks).
    "SEND_ON_CHANGE": env.bool("HOUSE_EDGE_SEND_ON_CHANGE", default=True),
    # A computation still pending this long after it was asked for is sent to a worker again.
    "RESEND_MINUTES": env.int("HOUSE_EDGE_RESEND_MINUTES", default=120),
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env.str("LOG_LEVEL", default="WARNING")},
}

# Operations (deploy/README.md "Health and shutdown", "Metrics and logs"): readiness apart from
# liveness, Prometheus metrics (django-prometheus's requests and queries, the domain's counters;
# PROMETHEUS_MULTIPROC_DIR for several processes), and JSON logs naming the request.
READINESS = {
    # While this file exists /readyz answers 503 (the pre-stop hook makes it): drain first.
    "DRAIN_FILE": env.str("READINESS_DRAIN_FILE", default=""),
    "MIGRATIONS_CACHE_S": env.float("READINESS_MIGRATIONS_CACHE_SECONDS", default=10.0),
}
# The host names the probes and the scraper reach a server by (its pod's address, loopback),
# which are not the public ALLOWED_HOSTS: Django would refuse their requests (400).
ALLOWED_HOSTS += env.list("INTERNAL_HOSTS", default=[])
METRICS_ALLOWED_NETWORKS = env.list("METRICS_ALLOWED_NETWORKS", default=["127.0.0.0/8", "::1/128"])
INSTALLED_APPS.append("django_prometheus")
MIDDLEWARE = [
    "django_prometheus.middleware.PrometheusBeforeMiddleware",
    *MIDDLEWARE,
    "django_prometheus.middleware.PrometheusAfterMiddleware",
]
for _database in DATABASES.values():
    if _database["ENGINE"] == "django.db.backends.postgresql":
        _database["ENGINE"] = "django_prometheus.db.backends.postgresql"
# Read at start-up by django-prometheus, from the database: the readiness probe says it instead.
PROMETHEUS_EXPORT_MIGRATIONS = False
LOG_FORMAT = env.str("LOG_FORMAT", default="console")
LOGGING["formatters"] = formatters(LOG_FORMAT)
LOGGING["handlers"]["console"]["formatter"] = "default"
# Celery would replace the root logger's handlers with its own plain lines: JSON stays JSON.
CELERY_WORKER_HIJACK_ROOT_LOGGER = LOG_FORMAT != "json"
# One line per request (casino.api.middleware): in JSON logs, unless REQUEST_LOG_LEVEL says.
_REQUEST_LOG_LEVEL = "INFO" if LOG_FORMAT == "json" else "WARNING"
LOGGING["loggers"] = {
    "casino.request": {"level": env.str("REQUEST_LOG_LEVEL", default=_REQUEST_LOG_LEVEL)}
}
