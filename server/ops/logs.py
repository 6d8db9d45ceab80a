"""Structured logs: one JSON object per line on stderr.

``setup(fmt="json", level="INFO", node=...)`` configures the root logger once for the
process (``python -m server`` calls it; uvicorn is told to leave logging alone, so its
lines come out the same way). Each line has ``ts`` (ISO 8601, UTC, milliseconds),
``level``, ``logger``, ``msg``, ``node`` when known, ``exc`` for a traceback, and the
fields a caller passes in ``extra={...}``:

    log.info("socket closed", extra={"conn": conn_id, "code": 1013})

``fmt="text"`` gives the classic readable lines instead (``LOG_FORMAT=text``).
"""

from __future__ import annotations

import json
import logging
import sys
import time
from typing import Any

__all__ = ["JsonFormatter", "setup"]

# Attributes every LogRecord has; anything else on a record came from ``extra``.
_STANDARD = set(vars(logging.LogRecord("", 0, "", 0, "", (), None))) | {"message", "asctime"}


class JsonFormatter(logging.Formatter):
    """A log record as one line of JSON (values that JSON cannot hold become text)."""

    def __init__(self, node: str | None = None) -> None:
        super().__init__()
        self.node = node

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "ts": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created))
            + f".{int(record.msecs):03d}Z",
            "level": record.levelname,
            "logger": record.name,
            "msg": record.getMessage(),
        }
        if self.node:
            entry["node"] = self.node
        for key, value in vars(record).items():
            if key not in _STANDARD and not key.startswith("_"):
                entry[key] = value
        if record.exc_info:
            entry["exc"] = self.formatException(record.exc_info)
        return json.dumps(entry, default=str, ensure_ascii=False)


def setup(fmt: str = "json", level: str = "INFO", node: str | None = None) -> None:
    """Send every log line of the process to stderr, as JSON (or ``fmt="text"``)."""
    handler = logging.StreamHandler(sys.stderr)
    if fmt == "text":
        handler.setFormatter(logging.Formatter(
            "%(asctime)s %(levelname)s %(name)s: %(message)s"))
    else:
        handler.setFormatter(JsonFormatter(node))
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level.upper())
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access"):
        logger = logging.getLogger(name)
        logger.handlers.clear()
        logger.propagate = True
