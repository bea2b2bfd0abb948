"""Crash-kill loop of `remem serve`: nothing a client was told is stored (201) is ever lost.

    python benchmarks/reliability/crash_server.py [--kills 20] [--quick] [--json out.json]

`remem serve` runs as its own process on 127.0.0.1 (a random free port, no API keys, durable
writes); a client thread adds memories over HTTP back to back, two connections at a time, and
appends each id to a log (flushed to the disk) once the server answered 201. At a random moment
the server gets SIGKILL; then the store is checked (``PRAGMA integrity_check``, every
acknowledged id present), the server is started again and the client carries on. Figures: kills,
acknowledged writes, lost (must be 0), integrity failures (must be 0), requests that failed
while the server was down, and the time to restart.
"""

from __future__ import annotations

import argparse
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import (
    acknowledged,
    append_synced,
    free_port,
    integrity,
    percentile,
    show,
    store_ids,
    write_json,
)

EMBEDDER = "hash:64"


class Server:
    def __init__(self, store: Path) -> None:
        self.store = store
        self.url = ""
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> float:
        started = time.perf_counter()
        port = free_port()
        remem_cmd = Path(sys.executable).with_name("remem")
        self.process = subprocess.Popen(
            [
                *(str(remem_cmd), "serve", "--store", str(self.store), "--embedder", EMBEDDER),
                *("--host", "127.0.0.1", "--port", str(port)),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                err = self.process.stderr.read().decode()[-2000:]  # type: ignore[union-attr]
                raise SystemExit(f"the server exited: {err}")
            try:
                if httpx.get(f"{url}/v1/health", timeout=1).status_code == 200:
                    self.url = url
                    return time.perf_counter() - started
            except httpx.HTTPError:
                time.sleep(0.05)
        raise SystemExit("the server did not start in time")

    def kill(self) -> None:
        assert self.process is not None
        self.url = ""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(30)
        self.process.stderr.close()  # type: ignore[union-attr]


def client(server: Server, log: Path, stop: threading.Event, counts: dict[str, int]) -> None:
    lock = threading.Lock()

    def worker(name: int) -> None:
        with httpx.Client(timeout=10) as http, open(log, "a", encoding="utf-8") as out:
            n = 0
            while not stop.is_set():
                url = server.url
                if not url:
                    time.sleep(0.01)
                    continue
                n += 1
                try:
                    answer = http.post(
                        f"{url}/v1/memories", json={"text": f"served memory {name}-{n}"}
                    )
                except httpx.HTTPError:
                    with lock:
                        counts["failed"] += 1
                    time.sleep(0.02)
                    continue
                if answer.status_code == 201:
                    with lock:
                        append_synced(out, answer.json()["id"])
                        counts["acknowledged"] += 1
                else:
                    with lock:
                        counts["errors"] += 1

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def run(kills: int, seed: int, work: Path) -> dict[str, Any]:
    rng = random.Random(seed)
    store, log = work / "store", work / "acked.log"
    server = Server(store)
    restarts = [server.start()]
    stop = threading.Event()
    counts = {"acknowledged": 0, "failed": 0, "errors": 0}
    thread = threading.Thread(target=client, args=(server, log, stop, counts))
    thread.start()
    lost = integrity_failures = 0
    started = time.monotonic()
    try:
        for _ in range(kills):
            before = counts["acknowledged"]
            deadline = time.monotonic() + 30
            while counts["acknowledged"] == before and time.monotonic() < deadline:
                time.sleep(0.01)
            time.sleep(rng.uniform(0.05, 0.5))  # a random moment of its writing
            server.kill()
            integrity_failures += integrity(store) != "ok"
            present = store_ids(store)
            lost = max(lost, sum(1 for i in acknowledged([log]) if i not in present))
            restarts.append(server.start())
    finally:
        stop.set()
        thread.join(60)
        if server.url:
            server.kill()
    present = store_ids(store)
    acked = acknowledged([log])
    lost = max(lost, sum(1 for i in acked if i not in present))
    figures = {
        "kills": kills,
        "acknowledged": len(acked),
        "records": len(present),
        "lost": lost,
        "integrity_failures": integrity_failures + (integrity(store) != "ok"),
        "requests_failed_while_down": counts["failed"],
        "error_answers": counts["errors"],
        "restart_s_p50": percentile(restarts, 0.5),
        "restart_s_max": max(restarts),
        "seconds": time.monotonic() - started,
    }
    ok = not (figures["lost"] or figures["integrity_failures"] or figures["error_answers"])
    return {"name": "crash_server", "ok": ok, "figures": figures}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--kills", type=int, default=20)
    parser.add_argument("--quick", action="store_true", help="3 kills")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", help="write the results here")
    args = parser.parse_args()
    kills = min(args.kills, 3) if args.quick else args.kills
    with tempfile.TemporaryDirectory(prefix="remem-crash-server-") as work:
        result = run(kills, args.seed, Path(work))
    show("crash-kill loop, `remem serve`", result["figures"])
    write_json(args.json, result)
    sys.exit(0 if result["ok"] else 1)


if __name__ == "__main__":
    main()
