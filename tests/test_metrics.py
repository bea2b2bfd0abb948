"""``GET /metrics`` (Prometheus text format), the engine's operation and stage timings, the
vector index's state and build (``remem index status|build``, bulk loads), and the opt-in
OpenTelemetry spans (``remem.otel``)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

import remem
from remem.apikeys import KeyRing
from remem.cli.main import cli
from remem.core.observe import METRICS
from remem.engine.inserts import BULK_ROWS
from remem.server.app import create_app

from . import pg

#: A sample line: a name, optional labels, a number.
_SAMPLE = re.compile(r'[a-z_]+(\{([a-z_]+="(?:[^"\\]|\\.)*",?)*\})? -?[0-9.e+-]+|[+-]?Inf')


def parse(text: str) -> dict[str, float]:
    """Every sample of a Prometheus text answer, by its line's name and labels; each line
    must be a comment (HELP, TYPE) or a well-formed sample."""
    samples = {}
    for line in text.splitlines():
        if line.startswith("# "):
            assert re.fullmatch(r"# (HELP|TYPE) [a-z_]+ .+", line), line
            continue
        assert _SAMPLE.fullmatch(line), line
        key, value = line.rsplit(" ", 1)
        samples[key] = float(value)
    return samples


@pytest.fixture
def memory(tmp_path: Path) -> Iterator[remem.Memory]:
    with remem.open(tmp_path / "store", embedder="hash:64") as mem:
        yield mem


def test_metrics_show_requests_by_route_operations_stages_errors_and_the_store(
    memory: remem.Memory,
) -> None:
    api = TestClient(create_app(memory), raise_server_exceptions=False)
    made = api.post("/v1/memories", json={"text": "Ann keeps bees", "user_id": "ann"}).json()
    api.post("/v1/search", json={"query": "bees", "user_id": "ann"})
    api.get(f"/v1/memories/{made['id']}")
    api.get("/v1/memories/no-such-id")
    api.post("/v1/search", json={"query": "bees", "k": 0})
    answer = api.get("/metrics")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/plain; version=0.0.4")
    got = parse(answer.text)
    route = 'remem_http_request_seconds_count{method="GET",route="/v1/memories/{id}",status='
    assert got[route + '"200"}'] >= 1 and got[route + '"404"}'] >= 1  # a template, not the id
    assert made["id"] not in answer.text
    assert got[
        'remem_http_errors_total{route="/v1/memories/{id}",status="404",type="NotFoundError"}'
    ]
    assert any(
        k.startswith('remem_http_errors_total{route="/v1/search",status="4')
        and 'type="InvalidInputError"' in k
        for k in got
    )
    assert got['remem_operation_seconds_count{operation="search"}'] >= 1
    for stage in ("embed", "dense", "keyword", "fusion", "store"):
        assert got[f'remem_stage_seconds_count{{stage="{stage}"}}'] >= 1
    assert got['remem_operation_errors_total{operation="get",type="NotFoundError"}'] >= 1
    assert got["remem_records"] == 1 and got["remem_vectors"] == 1
    assert got['remem_index_ready{kind="ivf"}'] == 0  # one record: exact search
    buckets = [v for k, v in got.items() if k.startswith("remem_operation_seconds_bucket")]
    assert buckets and all(v >= 0 for v in buckets)


def test_metrics_need_an_admin_key_and_name_no_tenant(memory: remem.Memory) -> None:
    ring = KeyRing(memory.store)
    admin, _ = ring.create("ops", admin=True)
    ann, _ = ring.create("ann's app", users=["tenant-ann-q7"])
    bob, _ = ring.create("bob's app", users=["tenant-bob-z4"])
    api = TestClient(create_app(memory))
    # (pins no metric's number could hold by chance: a 4-digit one can be part of a byte count)
    for key, text in ((ann, "Ann's pin is qz-8841"), (bob, "Bob's pin is vk-5532")):
        headers = {"Authorization": f"Bearer {key}"}
        api.post("/v1/memories", headers=headers, json={"text": text})
        api.post("/v1/search", headers=headers, json={"query": "pin"})
    assert api.get("/metrics").status_code == 401
    assert api.get("/metrics", headers={"Authorization": f"Bearer {ann}"}).status_code == 403
    scraped = api.get("/metrics", headers={"Authorization": f"Bearer {admin}"})
    assert scraped.status_code == 200
    for secret in ("tenant-ann-q7", "tenant-bob-z4", "qz-8841", "vk-5532", "pin is", ann, bob):
        assert secret not in scraped.text.lower()


def test_operations_are_timed_once_each_and_errors_counted_by_type(memory: remem.Memory) -> None:
    before = METRICS.observations("remem_operation_seconds", operation="add")
    inner = METRICS.observations("remem_operation_seconds", operation="add_many")
    memory.add("Cy sings", user_id="cy")  # add calls add_many: counted as the add it is
    assert METRICS.observations("remem_operation_seconds", operation="add") == before + 1
    assert METRICS.observations("remem_operation_seconds", operation="add_many") == inner
    errors = METRICS.counter("remem_operation_errors_total", operation="get", type="NotFoundError")
    with pytest.raises(remem.NotFoundError):
        memory.get("no-such-id")
    assert (
        METRICS.counter("remem_operation_errors_total", operation="get", type="NotFoundError")
        == errors + 1
    )


def test_index_status_and_build_on_sqlite(tmp_path: Path) -> None:
    store = str(tmp_path / "store")
    with remem.open(store, embedder="hash:64", exact_search_limit=100) as mem:
        mem.add_many([{"text": f"note number {i}", "user_id": "u"} for i in range(300)])
    runner = CliRunner()
    env = {"REMEM_EXACT_SEARCH_LIMIT": "100"}
    status = json.loads(runner.invoke(cli, ["index", "status", "--store", store], env=env).output)
    assert status["kind"] == "ivf" and status["vectors"] == 300 and status["exact_limit"] == 100
    assert status["needed"] is True
    built = runner.invoke(cli, ["index", "build", "--store", store, "--no-progress"], env=env)
    assert built.exit_code == 0, built.output
    after = json.loads(built.output)
    assert after["ready"] is True and after["building"] is False
    plain = runner.invoke(cli, ["index", "status", "--store", store, "--plain"], env=env)
    assert "ready" in plain.output


def test_a_bulk_import_ends_with_its_index_built(tmp_path: Path) -> None:
    with remem.open(tmp_path / "store", embedder="hash:64", exact_search_limit=1000) as mem:
        mem.add_many([{"text": f"row {i}", "user_id": "u"} for i in range(BULK_ROWS)])
        assert mem.index_state().needed  # add_many leaves it (one batch of a longer load?)
        rows = [{"text": f"imported {i}", "user_id": "u"} for i in range(BULK_ROWS)]
        mem.import_records(rows)
        state = mem.index_state()
        assert state.needed and state.ready  # built before the import returned
        scoped = mem.scoped(remem.Grant(users=("u",)))
        with pytest.raises(remem.PermissionDeniedError):
            scoped.index_state()
        with pytest.raises(remem.PermissionDeniedError):
            scoped.build_index()


def test_index_build_on_postgresql_reports_progress_and_gauges(tmp_path: Path) -> None:
    url = pg.url_for(tmp_path / "index")
    with remem.open(url, embedder="hash:64", store_options={"exact_search_limit": 50}) as mem:
        mem.add_many([{"text": f"row {i}", "user_id": "u"} for i in range(400)])
        state = mem.index_state()
        assert (state.kind, state.needed, state.ready) == ("hnsw", True, False)
        seen: list[tuple[int, int]] = []
        mem.store.build_index(lambda done, total: seen.append((done, total)))
        assert seen and seen[-1] == (400, 400)
        assert mem.index_state().ready
        api = TestClient(create_app(mem))
        got = parse(api.get("/metrics").text)
        assert got['remem_index_ready{kind="hnsw"}'] == 1
        assert got['remem_pool_connections{pool="primary",state="idle"}'] >= 0
        assert 'remem_pool_waiting{pool="primary"}' in got


def test_opentelemetry_spans_only_once_enabled(
    memory: remem.Memory, monkeypatch: pytest.MonkeyPatch
) -> None:
    from opentelemetry.sdk.metrics import MeterProvider
    from opentelemetry.sdk.metrics.export import InMemoryMetricReader
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import SimpleSpanProcessor
    from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

    import remem.otel

    # The suite sets OTEL_SDK_DISABLED (tests/netguard.py); this SDK exports to memory only.
    monkeypatch.delenv("OTEL_SDK_DISABLED")
    exporter, reader = InMemorySpanExporter(), InMemoryMetricReader()
    tracer = TracerProvider()
    tracer.add_span_processor(SimpleSpanProcessor(exporter))
    meter = MeterProvider(metric_readers=[reader])
    memory.add("Dee likes rain", user_id="dee")
    memory.search("rain", user_id="dee")
    assert exporter.get_finished_spans() == ()  # nothing until enabled
    remem.otel.enable(tracer_provider=tracer, meter_provider=meter)
    try:
        memory.search("rain", user_id="dee")
        with pytest.raises(remem.NotFoundError):
            memory.get("nope")
    finally:
        remem.otel.disable()
    spans = {span.name: span for span in exporter.get_finished_spans()}
    search = spans["search_memory remem"]
    assert search.attributes is not None
    assert search.attributes["gen_ai.operation.name"] == "search_memory"
    assert search.attributes["gen_ai.provider.name"] == "remem"
    for stage in ("remem.embed", "remem.dense", "remem.keyword"):
        assert spans[stage].parent is not None
        assert spans[stage].parent.span_id == search.context.span_id
    assert "remem.get remem" in spans
    for span in spans.values():  # no text, query or tenant id in any span
        assert "rain" not in str(span.attributes) and "dee" not in str(span.attributes)
    data = reader.get_metrics_data()
    assert data is not None
    points = [
        point
        for rm in data.resource_metrics
        for sm in rm.scope_metrics
        for metric in sm.metrics
        if metric.name == "gen_ai.client.operation.duration"
        for point in metric.data.data_points
    ]
    kinds = {(p.attributes or {}).get("remem.operation"): p.attributes for p in points}
    assert kinds["search"]["gen_ai.operation.name"] == "search_memory"
    assert kinds["get"]["error.type"] == "NotFoundError"
    exporter.clear()
    memory.search("rain", user_id="dee")
    assert exporter.get_finished_spans() == ()  # disabled again
