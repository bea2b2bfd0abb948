"""What remem measures of itself: latency of operations and of search stages, errors by type,
and state that stores report — kept in this process, sent nowhere.

``remem serve`` shows it at ``GET /metrics`` (Prometheus text format); :func:`render` gives the
same text to any program. Spans go to OpenTelemetry only when the ``remem[otel]`` extra is
installed *and* :func:`remem.otel.enable` was called (:func:`set_tracer`): by default remem
opens no span and exports nothing. Nothing here carries a tenant's id, text or query — labels
are operation, stage, route, status and error type — so the figures of one tenant cannot be
told apart from another's.
"""

from __future__ import annotations

import bisect
import functools
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager, nullcontext
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any, TypeVar

__all__ = [
    "BUCKETS",
    "METRICS",
    "Gauge",
    "Metrics",
    "add_listener",
    "observed",
    "operation",
    "operation_attributes",
    "remove_listener",
    "render",
    "set_tracer",
    "stage",
]

_F = TypeVar("_F", bound=Callable[..., Any])

#: Histogram bounds in seconds: 0.5 ms to 10 s.
BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)

#: What each metric means (its ``# HELP`` line) and its type: declared once, here.
DECLARED: dict[str, tuple[str, str]] = {
    "remem_operation_seconds": ("histogram", "Time of each memory operation, by operation."),
    "remem_operation_errors_total": (
        "counter",
        "Memory operations that raised, by operation and error type.",
    ),
    "remem_stage_seconds": (
        "histogram",
        "Time of each stage: embed, dense, keyword, fusion, rerank, store, index (bulk loads).",
    ),
    "remem_http_request_seconds": (
        "histogram",
        "Time of each HTTP request of remem serve, by method, route and status.",
    ),
    "remem_http_errors_total": (
        "counter",
        "HTTP requests answered with an error, by route, status and error type.",
    ),
    "remem_cache_lookups_total": ("counter", "Semantic cache lookups, by result (hit, miss)."),
}


@dataclass(frozen=True)
class Gauge:
    """One value a store (or the server) reports when metrics are read: ``name`` (declared
    with its help in :data:`GAUGES`), labels, value."""

    name: str
    value: float
    labels: Mapping[str, str] = field(default_factory=dict)


#: The gauges stores and servers report, with their help: declared once, here.
GAUGES: dict[str, str] = {
    "remem_records": "Records in the store.",
    "remem_vectors": "Records with a vector in the store.",
    "remem_index_ready": "1 when the store's vector index is built and valid (0: exact search).",
    "remem_index_building": "1 while the store's vector index is being built.",
    "remem_pool_connections": "Connections in the store's pool, by pool and state.",
    "remem_pool_waiting": "Requests waiting for a connection, by pool.",
    "remem_replica_up": "1 when the read replica answers, by replica.",
    "remem_replica_lag_seconds": "How far the read replica was behind at its last check.",
    "remem_reads_total": "Reads with replicas configured, by who answered (replica, stale: a "
    "replica while the primary was down, primary) and why the primary.",
    "remem_primary_up": "1 when the PostgreSQL primary answers (0: writes refused, reads stale).",
    "remem_wal_bytes": "SQLite: the write-ahead log's size (growing: checkpoints cannot catch up).",
}

_Key = tuple[tuple[str, str], ...]


class Metrics:
    """Counters and histograms with labels, safe to update from any thread."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._counters: dict[str, dict[_Key, float]] = {}
        self._histograms: dict[str, dict[_Key, list[float]]] = {}

    def count(self, name: str, amount: float = 1.0, **labels: str) -> None:
        key = tuple(sorted(labels.items()))
        with self._lock:
            series = self._counters.setdefault(name, {})
            series[key] = series.get(key, 0.0) + amount

    def observe(self, name: str, seconds: float, **labels: str) -> None:
        key = tuple(sorted(labels.items()))
        with self._lock:
            series = self._histograms.setdefault(name, {})
            # buckets (not cumulative), then sum, then count
            row = series.setdefault(key, [0.0] * (len(BUCKETS) + 3))
            row[bisect.bisect_left(BUCKETS, seconds)] += 1
            row[-2] += seconds
            row[-1] += 1

    def counter(self, name: str, **labels: str) -> float:
        """A counter's value (0 when never counted)."""
        with self._lock:
            return self._counters.get(name, {}).get(tuple(sorted(labels.items())), 0.0)

    def observations(self, name: str, **labels: str) -> int:
        """How many times a histogram observed, over series whose labels include ``labels``."""
        want = set(labels.items())
        with self._lock:
            return int(
                sum(
                    row[-1]
                    for key, row in self._histograms.get(name, {}).items()
                    if want <= set(key)
                )
            )

    def render(self, gauges: Sequence[Gauge] = ()) -> str:
        """Everything, in Prometheus' text format (version 0.0.4)."""
        lines: list[str] = []
        with self._lock:
            counters = {n: dict(s) for n, s in self._counters.items()}
            histograms = {
                n: {k: list(r) for k, r in s.items()} for n, s in self._histograms.items()
            }
        for name in sorted(counters):
            lines += _header(name, *DECLARED.get(name, ("counter", name)))
            for key, value in sorted(counters[name].items()):
                lines.append(f"{name}{_labels(key)} {_number(value)}")
        for name in sorted(histograms):
            lines += _header(name, *DECLARED.get(name, ("histogram", name)))
            for key, row in sorted(histograms[name].items()):
                running = 0.0
                for bound, n in zip((*BUCKETS, float("inf")), row[:-2], strict=True):
                    running += n
                    le = "+Inf" if bound == float("inf") else _number(bound)
                    lines.append(f"{name}_bucket{_labels((*key, ('le', le)))} {_number(running)}")
                lines.append(f"{name}_sum{_labels(key)} {_number(row[-2])}")
                lines.append(f"{name}_count{_labels(key)} {_number(row[-1])}")
        by_name: dict[str, list[Gauge]] = {}
        for gauge in gauges:
            by_name.setdefault(gauge.name, []).append(gauge)
        for name in sorted(by_name):
            kind = "counter" if name.endswith("_total") else "gauge"
            lines += _header(name, kind, GAUGES.get(name, name))
            for gauge in by_name[name]:
                key = tuple(sorted(gauge.labels.items()))
                lines.append(f"{name}{_labels(key)} {_number(gauge.value)}")
        return "\n".join(lines) + "\n"


#: The process's metrics.
METRICS = Metrics()


def render(gauges: Sequence[Gauge] = ()) -> str:
    """The process's metrics (and ``gauges``) in Prometheus' text format."""
    return METRICS.render(gauges)


# -- spans -----------------------------------------------------------------------------------------
#: Opens a span: (name, attributes) → a context manager. None: no spans (the default).
_tracer: Callable[[str, dict[str, Any]], AbstractContextManager[Any]] | None = None


def set_tracer(tracer: Callable[[str, dict[str, Any]], AbstractContextManager[Any]] | None) -> None:
    """Open a span with ``tracer(name, attributes)`` around every operation and stage from now
    on (None: stop). :func:`remem.otel.enable` installs OpenTelemetry's."""
    global _tracer
    _tracer = tracer


#: Called with (operation, seconds, error type or None) after every operation.
_listeners: list[Callable[[str, float, str | None], None]] = []


def add_listener(listener: Callable[[str, float, str | None], None]) -> None:
    """Call ``listener(operation, seconds, error_type)`` after every operation from now on."""
    _listeners.append(listener)


def remove_listener(listener: Callable[[str, float, str | None], None]) -> None:
    if listener in _listeners:
        _listeners.remove(listener)


def _span(name: str, attributes: dict[str, Any]) -> AbstractContextManager[Any]:
    tracer = _tracer
    return nullcontext() if tracer is None else tracer(name, attributes)


@contextmanager
def stage(name: str) -> Iterator[None]:
    """Time one stage of a search or write (``embed``, ``dense``, ``keyword``, ``fusion``,
    ``rerank``, ``store``) into ``remem_stage_seconds``, in a span of its own if spans are on."""
    started = time.perf_counter()
    try:
        with _span(f"remem.{name}", {"remem.stage": name}):
            yield
    finally:
        METRICS.observe("remem_stage_seconds", time.perf_counter() - started, stage=name)


#: An operation's name in OpenTelemetry's GenAI conventions (``gen_ai.operation.name``),
#: where they have one.
GENAI_OPERATIONS = {
    "add": "create_memory",
    "add_many": "create_memory",
    "add_document": "create_memory",
    "update": "update_memory",
    "delete": "delete_memory",
    "forget": "delete_memory",
    "search": "search_memory",
    "context": "search_memory",
}


def operation_attributes(name: str) -> dict[str, Any]:
    """What a span or measurement of operation ``name`` is labelled with: ``remem.operation``,
    ``gen_ai.provider.name``, and ``gen_ai.operation.name`` where the conventions have one."""
    attributes: dict[str, Any] = {"remem.operation": name, "gen_ai.provider.name": "remem"}
    if name in GENAI_OPERATIONS:
        attributes["gen_ai.operation.name"] = GENAI_OPERATIONS[name]
    return attributes


def observed(name: str) -> Callable[[_F], _F]:
    """A method timed as operation ``name`` (:func:`operation`)."""

    def decorate(method: _F) -> _F:
        @functools.wraps(method)
        def timed(*args: Any, **kwargs: Any) -> Any:
            with operation(name):
                return method(*args, **kwargs)

        return timed  # type: ignore[return-value]

    return decorate


_INSIDE: ContextVar[bool] = ContextVar("remem_operation", default=False)


@contextmanager
def operation(name: str) -> Iterator[None]:
    """Time one memory operation (``search``, ``add``, ...) into ``remem_operation_seconds``,
    count it in ``remem_operation_errors_total`` by error type when it raises, and open a span
    named after the GenAI conventions (``search_memory remem``) if spans are on."""
    if _INSIDE.get():  # one operation inside another (add → add_many): the outer one counts
        yield
        return
    held = _INSIDE.set(True)
    started = time.perf_counter()
    genai = GENAI_OPERATIONS.get(name)
    attributes = operation_attributes(name)
    error: str | None = None
    try:
        with _span(f"{genai or 'remem.' + name} remem", attributes):
            yield
    except BaseException as exc:
        error = type(exc).__name__
        METRICS.count("remem_operation_errors_total", operation=name, type=error)
        raise
    finally:
        took = time.perf_counter() - started
        METRICS.observe("remem_operation_seconds", took, operation=name)
        _INSIDE.reset(held)
        for listener in list(_listeners):
            listener(name, took, error)


def _header(name: str, kind: str, help_text: str) -> list[str]:
    return [f"# HELP {name} {help_text}", f"# TYPE {name} {kind}"]


def _labels(key: tuple[tuple[str, str], ...]) -> str:
    if not key:
        return ""
    inner = ",".join(f'{k}="{_escape(v)}"' for k, v in key)
    return "{" + inner + "}"


def _escape(value: str) -> str:
    return str(value).replace("\\", "\\\\").replace("\n", "\\n").replace('"', '\\"')


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else repr(float(value))
