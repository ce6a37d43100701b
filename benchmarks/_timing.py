"""What the benchmark scripts share: the table row, the timer and the table printer.

Times are wall-clock seconds, the best of several calls after one warm-up call; every ratio is
ours / reference measured in the same run, so a table does not depend on the machine's speed.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import NamedTuple

REPEATS = 7


class Row(NamedTuple):
    """One line of a benchmark table (times in seconds; ratio = ours / reference)."""

    name: str
    ours: float
    reference: float
    ratio: float
    target: float  # the ratio must be <= target
    status: str  # "PASS" or "MISS"


def best_time(call: Callable[[], object], repeats: int = REPEATS) -> float:
    """Best wall-clock time of ``repeats`` calls, after one warm-up call."""
    call()
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return min(times)


def measured_row(name: str, ours: float, reference: float, target: float) -> Row:
    """A row with its ratio and PASS/MISS against ``target``."""
    ratio = ours / reference
    return Row(name, ours, reference, ratio, target, "PASS" if ratio <= target else "MISS")


def format_table(table: Sequence[Row]) -> str:
    """The rows as an aligned text table, times in milliseconds."""
    header = ("benchmark", "ours (ms)", "reference (ms)", "ratio", "target", "status")
    lines = [
        (
            row.name,
            f"{row.ours * 1e3:.1f}",
            f"{row.reference * 1e3:.1f}",
            f"{row.ratio:.2f}",
            f"<= {row.target:g}",
            row.status,
        )
        for row in table
    ]
    widths = [max(len(str(line[i])) for line in [header, *lines]) for i in range(len(header))]

    def fmt(line):
        return " | ".join(
            str(cell).ljust(width) if i == 0 else str(cell).rjust(width)
            for i, (cell, width) in enumerate(zip(line, widths, strict=True))
        )

    rule = "-+-".join("-" * width for width in widths)
    return "\n".join([fmt(header), rule, *(fmt(line) for line in lines)])
