"""The SSH bench (``bench/ssh_play.py``) runs end to end at its smallest and prints figures.

Nothing about speed is checked: only that every part produced numbers and none stopped.
"""

from __future__ import annotations

import re

from bench import ssh_play

TINY = ssh_play.Sizes(rounds=1, sub_rounds=0, idle_seconds=0.2, tables=1, play_seconds=1.0,
                      warmup=0.5, key_sizes=((80, 24),), presses=2, local="", timeout=90.0,
                      background=2, growth=(0, 20))


def test_the_ssh_bench_prints_figures_for_every_part() -> None:
    rows: list[tuple[str, str]] = []
    ssh_play.run(sizes=TINY, row=lambda name, value: rows.append((name, value)))
    text = "\n".join(f"{name} {value}" for name, value in rows)
    assert "stopped" not in text, text
    figures = dict((name.strip(), value) for name, value in rows)
    zygote = next(v for k, v in figures.items() if k.startswith("meeple serve, zygote"))
    assert re.match(r"\d+/\d+ / \d+/\d+ / \d+/\d+ ms", zygote), text
    hub = next(v for k, v in figures.items() if k.startswith("hub process CPU"))
    assert re.match(r"\d+\.\d% playing", hub), text
    assert re.match(r"before \d+\.\d+ ms \(\d+\.\d+\); after \d+\.\d+ ms \(\d+\.\d+\), \+ snapshot \d+\.\d ms "
                    r"every 64 lines: \d+\.\d+ ms amortized", figures["at 0 moves"]), text
    assert re.match(r"before \d+\.\d+x \(\d+\.\d+x CPU\); after \d+\.\d+x", figures["move 20 / move 0"]), text
    message = next(v for k, v in rows if v.startswith("table message"))
    assert re.match(r"table message before \(whole log\) \d+\.\d KiB, .* after \(log_from\) \d+\.\d KiB", message), text
    arrows = next(v for k, v in figures.items() if k.startswith("council arrows at 80x24"))
    assert re.search(r"\d+ B", arrows), text
