"""Benchmark: how long one slider update of each explorer takes, as a reader feels it.

The target: p95 at most 100 ms per update for the threshold explorer with 10^4 scores.

An update is what happens when a reader moves a slider in Jupyter: the ipywidgets slider's value
changes, the explorer recomputes its readouts through evalmetrics, moves the artists, renders
the one persistent figure to PNG and puts the bytes into the ``ipywidgets.Image`` (which sends
them to the front end). The script times 100 such updates per explorer (a seeded sequence of
slider positions, each different from the last) from setting ``slider.value`` to its return.

By default the timing runs inside a real, headless IPython kernel (started with jupyter_client,
Agg backend), so the widget messages are really serialised and sent; ``--in-process`` runs it
in this process instead (the widgets then have no kernel to talk to). ``--static`` also builds
the static HTML of each explorer (EVALMETRICS_STATIC_FRAMES=1) and prints its size.

Data: 10^4 seeded synthetic scores (30% positives) for the threshold, beta, imbalance and cost
explorers; a 100-item graded list for the ranking explorer.

The ``sorts`` column counts numpy's sorts (argsort, sort, lexsort) of the scores while the
explorer is built and moved 100 times: of an array as long as the scores, as their distinct
values (a curve's points) or as one class's scores (a histogram). Each explorer of scores must
sort them once, in its one :func:`evalmetrics.sweep` (it was 3 for the threshold
explorer, then 4 counted this way: the sweep, the PR plot's argsort of recall and the
histogram's np.histogram of each class). A count other than 1 makes the script exit 1, like a
missed time target. The ``other`` column counts the remaining sorts of at least a quarter as
many elements (for example the F-beta candidates' hull in the beta explorer); it is shown, not
judged.

Run ``python benchmarks/bench_widgets.py [--in-process] [--static]``.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import textwrap
import time

N_SCORES = 10_000
N_ITEMS = 100
N_UPDATES = 100
TARGET_MS = 100.0
STATIC_VARIABLE = "EVALMETRICS_STATIC_FRAMES"

# Runs in the kernel (or in this process): prints one JSON line per explorer.
TIMING_CODE = textwrap.dedent(
    """
    import json, os, time
    import matplotlib
    matplotlib.use("Agg")
    import numpy as np
    from evalmetrics import widgets

    def make_data(n_scores, n_items):
        rng = np.random.default_rng(2024)
        y_true = (rng.random(n_scores) < 0.3).astype(int)
        y_score = np.clip(rng.normal(0.35 + 0.3 * y_true, 0.15), 0, 1)
        rels = (rng.random(n_items) < 0.25) * rng.integers(1, 4, n_items)
        return y_true, y_score, rels

    def positions(n_values, n_updates, seed):
        rng = np.random.default_rng(seed)
        sequence, last = [], None
        while len(sequence) < n_updates:
            position = int(rng.integers(0, n_values))
            if position != last:
                sequence.append(position)
                last = position
        return sequence

    def time_explorer(name, explorer, n_updates):
        explorer.widget  # built once, as on first display
        (slider,) = explorer._sliders.values()
        times = []
        for position in positions(len(slider.options), n_updates, seed=len(name)):
            start = time.perf_counter()
            slider.value = position
            times.append(1000 * (time.perf_counter() - start))
        times = np.array(times)
        return {
            "explorer": name,
            "n": len(times),
            "p50": float(np.percentile(times, 50)),
            "p95": float(np.percentile(times, 95)),
            "max": float(times.max()),
            "png_bytes": len(explorer._image_widget.value),
        }

    def counting_sorts(n, score_sizes):
        # wrap numpy's sorts; the function returned gives, so far, the sorts of arrays with a
        # size in score_sizes (the scores, their distinct values, one class's scores) and the
        # other sorts of at least n / 4 elements
        sizes = []
        for name in ("argsort", "sort", "lexsort"):
            original = getattr(np, name)

            def wrapper(a, *args, _original=original, **kwargs):
                sizes.append(np.shape(a)[-1] if np.ndim(a) else 0)
                return _original(a, *args, **kwargs)

            setattr(np, name, wrapper)
        def count():
            scores = sum(size in score_sizes for size in sizes)
            other = sum(size >= n // 4 and size not in score_sizes for size in sizes)
            return scores, other

        return count

    def run(n_scores, n_items, n_updates, static):
        y_true, y_score, rels = make_data(n_scores, n_items)
        n_distinct = len(set(y_score.tolist()))
        n_positive = int(np.count_nonzero(y_true == 1))
        score_sizes = {n_scores, n_distinct, n_distinct + 1, n_positive, n_scores - n_positive}
        sorts_of_scores = counting_sorts(n_scores, score_sizes)
        makers = {
            "threshold": lambda: widgets.threshold_explorer(y_true, y_score),
            "beta": lambda: widgets.beta_explorer(y_true, y_score),
            "imbalance": lambda: widgets.imbalance_explorer(y_true, y_score, threshold=0.5),
            "ranking": lambda: widgets.ranking_explorer(rels),
            "cost": lambda: widgets.cost_explorer(y_true, y_score),
        }
        for name, make in makers.items():
            sorts_before = sorts_of_scores()
            start = time.perf_counter()
            explorer = make()
            build_ms = 1000 * (time.perf_counter() - start)
            row = time_explorer(name, explorer, n_updates)
            row["build_ms"] = build_ms
            sorts_after = sorts_of_scores()  # building and every update
            row["sorts"] = sorts_after[0] - sorts_before[0]
            row["other_sorts"] = sorts_after[1] - sorts_before[1]
            if static:
                start = time.perf_counter()
                html = make().static_html(frames=True)
                row["static_s"] = time.perf_counter() - start
                row["static_bytes"] = len(html.encode())
                row["frames"] = html.count("data:image/png;base64,") - 1  # one shown twice
            print("BENCH " + json.dumps(row), flush=True)
    """
)


def run_in_kernel(code: str) -> list[str]:
    """Execute ``code`` in a fresh headless IPython kernel; return its stdout lines."""
    from jupyter_client.manager import start_new_kernel

    environment = {**os.environ, "MPLBACKEND": "Agg"}
    environment.pop(STATIC_VARIABLE, None)  # the live path: no frames at display
    manager, client = start_new_kernel(
        kernel_name="python3",
        env=environment,
        extra_arguments=["--IPKernelApp.log_level=ERROR"],  # no TCP warning on every start
    )
    lines: list[str] = []
    errors: list[str] = []

    def on_output(message: dict) -> None:
        kind = message["header"]["msg_type"]
        if kind == "stream":
            lines.extend(message["content"]["text"].splitlines())
        elif kind == "error":
            errors.append("\n".join(message["content"]["traceback"]))

    try:
        client.execute_interactive(code, output_hook=on_output, timeout=900)
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)
    if errors:
        raise RuntimeError("the benchmark failed in the kernel:\n" + "\n".join(errors))
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--in-process", action="store_true", help="no kernel: time in-process")
    parser.add_argument("--static", action="store_true", help="also build the static HTML")
    arguments = parser.parse_args()
    call = f"run({N_SCORES}, {N_ITEMS}, {N_UPDATES}, {arguments.static})"
    where = "in-process" if arguments.in_process else "headless IPython kernel"
    print(
        f"bench_widgets: {N_UPDATES} slider updates per explorer ({where}, Agg); "
        f"{N_SCORES} scores, ranking list of {N_ITEMS}"
    )
    start = time.perf_counter()
    if arguments.in_process:
        import contextlib
        import io

        buffer = io.StringIO()
        with contextlib.redirect_stdout(buffer):
            exec(TIMING_CODE + "\n" + call, {"__name__": "bench"})  # noqa: S102
        lines = buffer.getvalue().splitlines()
    else:
        lines = run_in_kernel(TIMING_CODE + "\n" + call)
    rows = [json.loads(line[len("BENCH ") :]) for line in lines if line.startswith("BENCH ")]
    header = (
        f"{'explorer':<10} {'sorts':>5} {'other':>5} {'build ms':>9} {'p50 ms':>8} "
        f"{'p95 ms':>8} {'max ms':>8} {'png kB':>7}"
    )
    if arguments.static:
        header += f" {'frames':>6} {'static kB':>9} {'static s':>8}"
    print(header)
    status = 0
    for row in rows:
        no_scores = row["explorer"] == "ranking"
        sorts = "-" if no_scores else str(row["sorts"])
        other = "-" if no_scores else str(row["other_sorts"])
        line = (
            f"{row['explorer']:<10} {sorts:>5} {other:>5} {row['build_ms']:9.0f} {row['p50']:8.1f} "
            f"{row['p95']:8.1f} {row['max']:8.1f} {row['png_bytes'] / 1000:7.1f}"
        )
        if arguments.static:
            line += f" {row['frames']:6d} {row['static_bytes'] / 1000:9.0f} {row['static_s']:8.1f}"
        print(line)
    threshold = next(row for row in rows if row["explorer"] == "threshold")
    verdict = "PASS" if threshold["p95"] <= TARGET_MS else "MISS"
    if verdict == "MISS":
        status = 1
    resorting = [
        row["explorer"] for row in rows if row["explorer"] != "ranking" and row["sorts"] != 1
    ]
    if resorting:
        status = 1
        print(f"sorted the scores more (or less) than once: {', '.join(resorting)}")
    print(
        f"threshold explorer p95 {threshold['p95']:.1f} ms vs target {TARGET_MS:.0f} ms: {verdict}"
        f"  (total {time.perf_counter() - start:.1f} s)"
    )
    return status


if __name__ == "__main__":
    sys.exit(main())
