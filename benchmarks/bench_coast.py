"""Benchmark of the coastline (issue 15); ratios and timings, never asserted in tests.

1. First use: building the regional cache from the roaring-landmask package (both sources),
   in a fresh temporary cache folder — reported in seconds.
2. One distance query (``geo.distance``: OSM + GSHHG, uncertainty) after the cache is loaded:
   median over 500 random points near the regimes' coasts. Target ≤ 5 ms.
3. 10,000 queries in a batch vs 1,000: the ratio of the per-query time. Target ≈ 1 (linear).

Run: ``.venv/bin/python benchmarks/bench_coast.py`` (or ``make bench``).
"""
from __future__ import annotations

import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

# points near the coasts the regimes cover: (lat, lon, spread in degrees)
AREAS = [(48.4, -4.8, 0.3), (43.2, 5.4, 0.2), (36.8, 3.1, 0.2), (37.1, 122.5, 0.3), (24.0, 120.3, 0.4),
         (35.3, 139.7, 0.3), (33.5, 135.8, 0.2)]


def points(n: int, seed: int = 15) -> list[tuple[float, float]]:
    rnd = random.Random(seed)
    out = []
    for i in range(n):
        lat, lon, s = AREAS[i % len(AREAS)]
        out.append((lat + rnd.uniform(-s, s), lon + rnd.uniform(-s, s)))
    return out


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["WRECKMASTER_CACHE"] = tmp
        from wreckmaster.geo import coastline
        from wreckmaster.geo.measure import distance

        t0 = time.perf_counter()
        took = coastline.build()
        build_s = time.perf_counter() - t0
        print(f"cache build (first use): {build_s:.1f} s  ({', '.join(f'{k} {v:.1f} s' for k, v in took.items())})")
        t0 = time.perf_counter()
        for region in coastline.regions_data()["regions"]:
            for provider in coastline.PROVIDERS:
                coastline.coastline(region, provider)
        print(f"cache load (every region, both sources): {time.perf_counter() - t0:.2f} s")

        single = []
        for lat, lon in points(500):
            t = time.perf_counter()
            distance(lat, lon)
            single.append(time.perf_counter() - t)
        med = statistics.median(single) * 1000
        print(f"one query: median {med:.2f} ms, p95 {sorted(single)[int(len(single) * .95)] * 1000:.2f} ms "
              f"(target ≤ 5 ms: {'met' if med <= 5 else 'NOT met'})")

        def batch(n: int) -> float:
            pts = points(n, seed=n)
            t = time.perf_counter()
            for lat, lon in pts:
                distance(lat, lon)
            return (time.perf_counter() - t) / n

        small, large = batch(1_000), batch(10_000)
        print(f"batch: 1,000 → {small * 1000:.2f} ms/query; 10,000 → {large * 1000:.2f} ms/query; "
              f"ratio {large / small:.2f} (target ≈ 1, linear)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
