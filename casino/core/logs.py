"""Log lines as JSON, one object a line, each naming the request it was written in.

``LOG_FORMAT=json`` (the image's default) formats every record of the standard library's
logging, Django's, Celery's and the project's alike, with structlog's ``ProcessorFormatter``:
``{"event", "level", "logger", "timestamp", "request_id", ...}`` plus whatever the call passed
in ``extra``. ``request_id`` is the id of the request being served (``casino.core.context``),
the same id the audit rows written by that request carry, so a row leads to its log lines and
back; outside a request it is absent. Anything else keeps the human-readable lines of
``make run``.
"""

from __future__ import annotations

from typing import Any

import structlog
from structlog.typing import EventDict, WrappedLogger

from casino.core.context import current_request_id


def add_request_id(logger: WrappedLogger, method_name: str, event_dict: EventDict) -> EventDict:
    """Name the request being served, if any (a structlog processor)."""
    request_id = current_request_id()
    if request_id:
        event_dict.setdefault("request_id", request_id)
    return event_dict


def formatters(log_format: str) -> dict[str, dict[str, Any]]:
    """The ``formatters`` of a ``LOGGING`` dict whose ``default`` writes ``log_format``:
    ``json``, or the standard library's plain lines for anything else."""
    if log_format != "json":
        return {"default": {"format": "%(levelname)s %(name)s: %(message)s"}}
    pre_chain = [
        structlog.stdlib.add_log_level,
        structlog.stdlib.add_logger_name,
        structlog.stdlib.ExtraAdder(),
        structlog.processors.TimeStamper(fmt="iso", utc=True),
        add_request_id,
    ]
    return {
        "default": {
            "()": structlog.stdlib.ProcessorFormatter,
            "foreign_pre_chain": pre_chain,
            "processors": [
                structlog.stdlib.ProcessorFormatter.remove_processors_meta,
                structlog.processors.format_exc_info,
                structlog.processors.JSONRenderer(),
            ],
        }
    }
