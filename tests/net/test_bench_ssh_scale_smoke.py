"""The 100-player SSH bench (``bench/ssh_scale.py``) runs end to end with 4 players.

Nothing about speed is checked: only that every part produced figures, no session was
refused or failed, and the server's log holds no traceback.
"""

from __future__ import annotations

import re

from bench import ssh_scale

TINY = ssh_scale.Sizes(players=4, tables=1, rate=5.0, pace=0.5, window=2.0, newcomers=1, presses=2,
                       max_sessions=10, timeout=150.0)


def test_the_scale_bench_prints_figures_for_every_part() -> None:
    rows: list[tuple[str, str]] = []
    ssh_scale.run(sizes=TINY, row=lambda name, value: rows.append((name.strip(), value)))
    text = "\n".join(f"{name} {value}" for name, value in rows)
    assert "stopped" not in text, text
    figures = dict(rows)
    screens = [v for k, v in figures.items() if k.startswith(("burst:", "arrivals:", "a new session"))]
    assert len(screens) == 5 and all(re.match(r"first screen p50 \d+, p95 \d+", v) and "failed" not in v
                                     for v in screens), text
    assert re.match(r"\d+\.\d% playing", next(v for k, v in figures.items() if k.startswith("hub process CPU"))), text
    keys = next(v for k, v in figures.items() if k.startswith("key -> frame"))
    assert re.match(r"first byte p50 \d+ ms, last byte p50 \d+ ms; locally \d+ / \d+ ms", keys), text
    assert re.match(r"\d+\.\d MiB \(\d+ apps\)", next(v for k, v in figures.items() if k.startswith("memory"))), text
    assert next(v for k, v in figures.items() if k.startswith("sessions refused")) == "0", text
    assert next(v for k, v in figures.items() if k.startswith("tracebacks")).startswith("0 "), text
