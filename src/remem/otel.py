"""OpenTelemetry spans and metrics for remem — opt in (``pip install 'remem[otel]'``).

Nothing is traced, measured for OpenTelemetry, or sent anywhere until a program calls
:func:`enable`; remem itself never configures an exporter. After ``enable()``, every memory
operation is a span named after OpenTelemetry's GenAI conventions where they cover it —
``search_memory remem``, ``create_memory remem``, ``update_memory remem``,
``delete_memory remem`` with ``gen_ai.operation.name`` and ``gen_ai.provider.name`` = ``remem``
(others: ``remem.<operation> remem``) — with a child span per stage (``remem.embed``,
``remem.dense``, ``remem.keyword``, ``remem.fusion``, ``remem.rerank``, ``remem.store``), and
its duration is recorded in the histogram ``gen_ai.client.operation.duration`` (seconds, with
``gen_ai.operation.name``, ``remem.operation`` and, when it failed, ``error.type``). Spans
carry no text, query or tenant id. Where they go is the application's OpenTelemetry SDK
setup (its tracer and meter providers, exporters, sampling)::

    from opentelemetry import trace
    from opentelemetry.sdk.trace import TracerProvider
    import remem.otel

    trace.set_tracer_provider(TracerProvider())  # plus the exporter you choose
    remem.otel.enable()
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

from remem.core.errors import MissingDependencyError
from remem.core.observe import add_listener, operation_attributes, remove_listener, set_tracer

__all__ = ["disable", "enable"]

_listener: Callable[[str, float, str | None], None] | None = None


def enable(tracer_provider: Any = None, meter_provider: Any = None) -> None:
    """Open spans and record operation durations through OpenTelemetry: the global providers
    (``opentelemetry.trace`` / ``.metrics``) unless others are given."""
    global _listener
    try:
        from opentelemetry import metrics, trace
    except ImportError as exc:
        raise MissingDependencyError.for_extra("opentelemetry", "otel") from exc
    import remem

    tracer = trace.get_tracer("remem", remem.__version__, tracer_provider=tracer_provider)
    meter = metrics.get_meter("remem", remem.__version__, meter_provider=meter_provider)
    duration = meter.create_histogram(
        "gen_ai.client.operation.duration",
        unit="s",
        description="Time of each remem memory operation.",
    )

    def span(name: str, attributes: dict[str, Any]) -> AbstractContextManager[Any]:
        return tracer.start_as_current_span(name, attributes=attributes)

    def record(operation: str, seconds: float, error: str | None) -> None:
        attributes = operation_attributes(operation)
        if error is not None:
            attributes["error.type"] = error
        duration.record(seconds, attributes)

    disable()
    set_tracer(span)
    add_listener(record)
    _listener = record


def disable() -> None:
    """Stop opening spans and recording durations (what :func:`enable` started)."""
    global _listener
    set_tracer(None)
    if _listener is not None:
        remove_listener(_listener)
        _listener = None
