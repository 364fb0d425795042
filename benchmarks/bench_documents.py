"""Benchmark of the documents (issue 14): a settlement statement (精算書) of a jp-1875 case with
500 items, set vertically and printed to PDF by Chromium. Target: under 5 s per document with a
warm browser. Reported with ratios against baselines measured in the same process:

- the assessment of the same case (the engine's part);
- a one-page document (the browser's fixed cost per document).

Never asserted in tests. Run: ``.venv/bin/python benchmarks/bench_documents.py``.
"""
from __future__ import annotations

import statistics
import sys
import time
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "tests" / "documents"))

from big import big_case  # noqa: E402

from wreckmaster.documents import build, html_of, render_pdf  # noqa: E402
from wreckmaster.documents.pdf import close_shared, print_pdf  # noqa: E402
from wreckmaster.law import regime as registry  # noqa: E402
from wreckmaster.law.scenario import validate  # noqa: E402


def timed(fn, repeat: int = 3) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def main() -> None:
    big = validate(big_case(500))
    small = validate(big_case(3))
    when = date(1877, 6, 30)
    print_pdf("<html><body>warm-up</body></html>")              # start the browser once
    assess = timed(lambda: registry.get("jp-1875").assess(big, when).to_json())
    a = registry.get("jp-1875").assess(big, when).to_json()
    model = timed(lambda: html_of(build("settlement", big, a)))
    one_page = timed(lambda: render_pdf("settlement", small))
    whole = timed(lambda: render_pdf("settlement", big, a))
    pages = render_pdf("settlement", big, a).count(b"/Type /Page\n") or None
    print(f"assessment of 500 items            {assess:7.3f} s")
    print(f"document model + HTML              {model:7.3f} s")
    print(f"small settlement, PDF (baseline)   {one_page:7.3f} s")
    print(f"500-item settlement, PDF           {whole:7.3f} s   target < 5 s  "
          f"{'OK' if whole < 5 else 'OVER'}" + (f"   ({pages} pages)" if pages else ""))
    print(f"ratio 500-item / small document    {whole / one_page:7.2f}")
    print(f"ratio 500-item document / assess   {whole / assess:7.2f}")
    close_shared()


if __name__ == "__main__":
    main()
