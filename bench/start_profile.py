"""Summarize the startup profiles of session apps (``MEEPLE_PROFILE=DIR``, see
:mod:`tui.startup_profile`): per first screen (lobby, game), the median CPU spent between
consecutive marks and in all, and with ``--top N`` the N costliest functions of the
cProfile runs (``MEEPLE_PROFILE_CPROFILE=1``) by cumulative time.

``python -m bench.start_profile DIR [--top N]`` (run ``python -m bench.ssh_scale`` with
``MEEPLE_PROFILE=DIR`` in its environment to fill DIR).
"""

from __future__ import annotations

import argparse
import io
import json
import pstats
import statistics
import sys
from pathlib import Path
from typing import Any, Sequence


def load(folder: Path) -> list[dict[str, Any]]:
    """Every profile record of ``folder``."""
    records = []
    for path in sorted(folder.glob("*.json")):
        try:
            records.append(json.loads(path.read_text()))
        except (OSError, ValueError):
            continue
    return records


def phases(record: dict[str, Any]) -> list[tuple[str, float]]:
    """(mark, ms of CPU since the previous mark) for one record."""
    marks = record["marks"]
    out = []
    for (_, before), (name, at) in zip(marks, marks[1:]):
        out.append((name, (at - before) * 1000))
    return out


def summary(records: list[dict[str, Any]]) -> list[str]:
    """Lines: per kind of first screen, the median ms per phase and in all."""
    lines = []
    for kind in sorted({r["screen"] for r in records}):
        chosen = [r for r in records if r["screen"] == kind]
        lines.append(f"{kind}: {len(chosen)} sessions")
        per: dict[str, list[float]] = {}
        order: list[str] = []
        for record in chosen:
            for name, ms in phases(record):
                if name not in per:
                    order.append(name)
                per.setdefault(name, []).append(ms)
        for name in order:
            lines.append(f"  {'-> ' + name:<28} median {statistics.median(per[name]):7.1f} ms CPU"
                         f"  ({len(per[name])} sessions)")
        totals = [r["marks"][-1][1] * 1000 for r in chosen]
        lines.append(f"  {'total (fork -> first frame)':<28} median {statistics.median(totals):7.1f} ms, "
                     f"max {max(totals):.1f} ms")
    return lines


def top(folder: Path, count: int, sort: str) -> str:
    """The ``count`` costliest functions over all ``.prof`` files of ``folder``."""
    files = sorted(str(p) for p in folder.glob("*.prof"))
    if not files:
        return "(no .prof files: set MEEPLE_PROFILE_CPROFILE=1 too)"
    out = io.StringIO()
    stats = pstats.Stats(*files, stream=out)
    out.write(f"{len(files)} profiles, summed\n")
    stats.sort_stats(sort).print_stats(count)
    return out.getvalue()


def main(argv: Sequence[str] | None = None) -> int:
    """The command line (see the module's docstring)."""
    parser = argparse.ArgumentParser(prog="python -m bench.start_profile")
    parser.add_argument("folder", type=Path)
    parser.add_argument("--top", type=int, default=0)
    parser.add_argument("--sort", default="cumulative")
    parser.add_argument("--code", default="", help="only the sessions run from this checkout")
    args = parser.parse_args(argv)
    records = [r for r in load(args.folder) if not args.code or r.get("code") == str(Path(args.code).resolve())]
    if not records:
        print(f"no profiles in {args.folder}", file=sys.stderr)
        return 2
    print("\n".join(summary(records)))
    if args.top:
        print(top(args.folder, args.top, args.sort))
    return 0


if __name__ == "__main__":
    sys.exit(main())
