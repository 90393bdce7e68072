"""``python -m game bench net`` runs and speaks JSON (its figures are benchmarks, recorded in
docs/BENCHMARKS.md: nothing here asserts a time)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.net.test_loopback import ROOT, _env


def test_bench_net_runs_with_tiny_sizes_and_prints_one_json_object(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "game", "bench", "net", "--clients", "2", "--acts", "3",
         "--seconds", "0.3", "--json"],
        cwd=ROOT, env=_env(tmp_path), capture_output=True, text=True, timeout=240)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout.splitlines()[-1])
    (trip,) = report["round_trip"]
    assert trip["clients"] == 2 and trip["seats"] == 8 and trip["acts"] >= 3
    assert 0 < trip["p50_ms"] <= trip["p99_ms"] <= trip["max_ms"]
    (work,) = report["host_work"]
    assert work["clients"] == 2 and work["acts"] >= 3 and 0 < work["p50_ms"] <= work["p99_ms"]
    idle = report["idle"]
    assert idle["clients"] == 8 and idle["seconds"] == 0.3
    for key in ("lobby_cpu_percent", "waiting_cpu_percent", "rss_per_client_kib"):
        assert idle[key] is None or isinstance(idle[key], int | float), key
    if sys.platform.startswith("linux"):  # /proc: the host's own CPU and memory
        assert idle["lobby_cpu_percent"] is not None and idle["rss_one_client_kib"] > 0


def test_bench_net_refuses_a_table_without_a_machine(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "game", "bench", "net", "--clients", "8"],
        cwd=ROOT, env=_env(tmp_path), capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "--clients" in done.stderr
