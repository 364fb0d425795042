"""Benchmark of ``db export`` / ``db import`` (issue 24 point 11): N cases (default 300) of 4
entries each, each opened from a finder's report with its own photograph (a re-encoded JPEG of
about 5 KB), a person of the register; exported from SQLite, imported into a fresh SQLite file
and into a fresh PostgreSQL database (``$WRECKMASTER_TEST_PG``). Prints the export's size, the
times, and each time as a ratio to the time of building the data in the same process (the
baseline: N reports accepted and 3 appends each). Asserts nothing.
Run: ``.venv/bin/python benchmarks/bench_export.py [N]``.
"""
from __future__ import annotations

import io
import os
import sys
import tempfile
import time
import uuid
from datetime import date, timedelta
from pathlib import Path

if not os.environ.get("PYTHONPATH"):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from wreckmaster.store import backup, db, open_store  # noqa: E402

PG_BASE = os.environ.get("WRECKMASTER_TEST_PG", "postgresql+psycopg://postgres@127.0.0.1:5432/postgres")


def photo(k: int) -> bytes:
    from PIL import Image

    img = Image.new("RGB", (96, 64), (k % 256, (k // 256) * 60 % 256, (k * 13) % 256))
    for x in range(0, 96, 4):
        img.putpixel((x, k % 64), (255, 255, 255))
    out = io.BytesIO()
    img.save(out, format="JPEG", quality=90)
    return out.getvalue()


def fill(store, n: int) -> None:
    from wreckmaster.public import service as public_service
    from wreckmaster.store import public

    store.add_office("misaki", "三崎町役場", lang="ja")
    store.add_user("tanaka", "misaki")
    store.persons.add("misaki", "kocho", "戸長 一郎", post="戸長")
    found = (date.today() - timedelta(days=3)).isoformat()
    for k in range(n):
        raw = {"description": f"浮き玉 {k}", "found_on": found, "state": "ashore", "place": "城ヶ島",
               "finder_name": f"拾得人 {k}", "finder_contact": "090-0000-0000", "office": "misaki"}
        report, _ = public_service.file_report(store, raw, [photo(k)], date.today())
        case = public.accept_report(store, report, "misaki", "tanaka")
        for i in range(3):
            store.record(case, {"add": "party", "value": {"id": f"p{i}", "name": f"人 {i}", "roles": ["owner"]}},
                         office="misaki")


def timed(f):
    t = time.perf_counter()
    out = f()
    return out, time.perf_counter() - t


def main(n: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        src = open_store(f"sqlite:///{tmp}/src.db")
        _, base = timed(lambda: fill(src, n))
        out = io.StringIO()
        counts, t_export = timed(lambda: backup.export(src, out))
        text = out.getvalue()
        src.close()
        print(f"{n} cases, {counts['entries']} entries, {counts['photographs']} photographs: "
              f"export {len(text.encode()) / 1e6:.2f} MB")
        print(f"baseline (building them): {base:.2f} s")
        print(f"export from SQLite: {t_export:.2f} s ({t_export / base:.3f} × baseline)")
        dst = open_store(f"sqlite:///{tmp}/dst.db")
        _, t_sqlite = timed(lambda: backup.import_(dst, io.StringIO(text), "export"))
        dst.close()
        print(f"import into SQLite: {t_sqlite:.2f} s ({t_sqlite / base:.3f} × baseline)")
        try:
            import psycopg
            from sqlalchemy.engine import make_url

            url = make_url(PG_BASE)
            name = f"wm_bench_{uuid.uuid4().hex[:10]}"
            admin = psycopg.connect(host=url.host or "127.0.0.1", port=url.port or 5432,
                                    user=url.username or "postgres", dbname=url.database or "postgres",
                                    autocommit=True, **({"password": url.password} if url.password else {}))
        except Exception as exc:  # noqa: BLE001 - a benchmark without PostgreSQL prints SQLite only
            print(f"PostgreSQL not measured: {exc}")
            return
        admin.execute(f'CREATE DATABASE "{name}"')
        try:
            pg_url = url.set(database=name).render_as_string(hide_password=False)
            db.upgrade(db.make_engine(pg_url))
            pg = open_store(pg_url)
            _, t_pg = timed(lambda: backup.import_(pg, io.StringIO(text), "export"))
            again = io.StringIO()
            _, t_pg_export = timed(lambda: backup.export(pg, again))
            pg.close()
            print(f"import into PostgreSQL: {t_pg:.2f} s ({t_pg / base:.3f} × baseline)")
            print(f"export from PostgreSQL: {t_pg_export:.2f} s ({t_pg_export / base:.3f} × baseline); "
                  f"same bytes: {again.getvalue() == text}")
        finally:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            admin.close()


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 300)
