#!/bin/sh
# The image's entry point: the first argument names the process (deploy/README.md "Images").
# Each replaces this shell (exec), so it receives the orchestrator's SIGTERM itself.
set -eu

case "${1:-web}" in
web)
    # Several workers: each keeps its metrics in this folder, emptied by gunicorn at start.
    export PROMETHEUS_MULTIPROC_DIR="${PROMETHEUS_MULTIPROC_DIR:-/tmp/prometheus}"
    exec gunicorn casino.wsgi --config deploy/gunicorn.conf.py --bind "0.0.0.0:${PORT:-8000}"
    ;;
push)
    # A stream still open when told to stop is ended after PUSH_GRACEFUL_TIMEOUT seconds; its
    # client reconnects to another push process with its last event id and misses nothing.
    exec uvicorn casino.asgi:application --host 0.0.0.0 --port "${PORT:-8001}" \
        --proxy-headers --forwarded-allow-ips="${FORWARDED_ALLOW_IPS:-127.0.0.1}" \
        --no-access-log --lifespan off \
        --timeout-graceful-shutdown "${PUSH_GRACEFUL_TIMEOUT:-10}"
    ;;
worker)
    exec celery -A casino.celery worker --concurrency "${WORKER_CONCURRENCY:-4}"
    ;;
beat)
    # Run exactly one: deploy/README.md.
    exec celery -A casino.celery beat --schedule "${BEAT_SCHEDULE_FILE:-/tmp/celerybeat-schedule}"
    ;;
migrate)
    # The release step, as the owner of the tables (its DATABASE_URL).
    python manage.py migrate --noinput
    exec python manage.py db_runtime_role
    ;;
*)
    exec "$@"
    ;;
esac
