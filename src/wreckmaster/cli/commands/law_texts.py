"""`wreckmaster regimes`, `wreckmaster article CITATION`, `wreckmaster coverage REGIME`."""
from __future__ import annotations

from typing import Any

import typer


def regimes_info() -> list[dict[str, Any]]:
    from wreckmaster.law import citations, scope
    from wreckmaster.law.regime import available, get

    out = []
    for rid in available():
        law = citations.law(rid)
        period = scope.info(get(rid))
        enacted = law.get("enacted") or {}
        out.append({
            "id": rid,
            "title": law.get("title", {}).get("original"),
            "title_en": law.get("title", {}).get("en"),
            "date": enacted.get("date") or enacted.get("year"),
            "date_original": enacted.get("original"),
            "date_note": enacted.get("note"),
            "jurisdiction": (law.get("jurisdiction") or {}).get("original"),
            "jurisdiction_en": (law.get("jurisdiction") or {}).get("en"),
            "applies": " ".join(str(law.get("applies") or "").split()),
            "language": law.get("language"),
            "articles": len(law.get("articles", [])),
            # SCENARIO.md "Time": the period in force (parameters in_force.start/end; null: none declared)
            "in_force": period,
        })
    return out


def in_force_text(period: dict[str, Any] | None) -> str:
    """``1875-01-01 – 1899-03-28`` and where the dates come from, for the table."""
    if not period:
        return "not declared"
    text = f"{period['from']} – {period['to'] or '(no end)'}\n({', '.join(period['cites'])})"
    if period.get("amendments_not_modelled"):
        text += "\nas enacted: amendments not modelled"
    return text


def article_json(text: str) -> dict[str, Any]:
    from wreckmaster.law import citations

    r = citations.resolve(text)
    art = r.article
    node = r.node
    out: dict[str, Any] = {
        "citation": str(r.citation),
        "heading": art.get("heading"),
        "title": (art.get("title") or {}).get("en"),
        "absent": r.absent,
        "original": r.original(),
        "gloss": r.gloss(),
    }
    known = node.get("known") or art.get("known")
    if known:
        out["known"] = known
    if node is art:
        out["paragraphs"] = art.get("paragraphs", [])
    if art.get("notes"):
        out["notes"] = " ".join(str(art["notes"]).split())
    reads = []
    for n in (art, r.paragraph, r.item):
        if n:
            reads += n.get("readings", []) or []
    if reads:
        out["readings"] = reads
    if art.get("coverage"):
        out["coverage"] = art["coverage"]
    return out


def register(app: typer.Typer) -> None:
    @app.command(help="List the regimes: id, title (original and English), date, period in force, jurisdiction, "
                      "when it applies.")
    def regimes(format: str = typer.Option("table", "--format", help="table or json")) -> None:
        from wreckmaster.cli.io import check_choice, print_json

        check_choice(format, ("table", "json"))
        info = regimes_info()
        if format == "json":
            print_json(info)
            return
        from rich.console import Console
        from rich.table import Table

        t = Table(title="Regimes", title_justify="left", show_lines=True)
        for col in ("id", "title", "date", "in force", "jurisdiction", "applies"):
            t.add_column(col)
        for r in info:
            date = f"{r['date'] or '?'}" + (f"\n{r['date_original']}" if r["date_original"] else "")
            t.add_row(r["id"], f"{r['title'] or ''}\n{r['title_en'] or ''}".strip(), date, in_force_text(r["in_force"]),
                      f"{r['jurisdiction'] or ''}\n{r['jurisdiction_en'] or ''}".strip(), r["applies"])
        Console().print(t)

    @app.command(help="Show the original text and our English gloss of an article, paragraph or item.\n\n"
                      "Example: wreckmaster article jp-1875:8#2   ·   wreckmaster article jp-1899:16.3")
    def article(citation: str = typer.Argument(..., help="REGIME:ARTICLE[.PARAGRAPH][#ITEM]"),
                format: str = typer.Option("text", "--format", help="text or json")) -> None:
        from wreckmaster.cli.io import fail, print_json
        from wreckmaster.law.citations import CitationError

        try:
            data = article_json(citation)
        except CitationError as exc:
            fail([(citation, str(exc))])
        if format == "json":
            print_json(data)
            return
        print(f"{data['citation']} — {data['heading'] or ''} {data['title'] or ''}".rstrip())
        if data["absent"]:
            print("original: [absent from the seed]")
            if data.get("known"):
                print(f"known: {data['known']}")
        else:
            print("original:")
            for line in (data["original"] or "").splitlines():
                print(f"  {line}")
        if data.get("gloss"):
            print("gloss:")
            print(f"  {data['gloss']}")
        if data.get("notes"):
            print(f"notes: {data['notes']}")
        for r in data.get("readings", []):
            print(f"reading {r['id']}: {r.get('question', '')}")
            print(f"  chosen: {r.get('reading', '')}")
            print(f"  because: {r.get('reason', '')}")

    @app.command(help="Every article of a regime with the rules and tests that cite it: implemented, "
                      "not-applicable (why) or missing (what).")
    def coverage(regime: str = typer.Argument(..., help="a regime id, e.g. jp-1875"),
                 format: str = typer.Option("table", "--format", help="table or json")) -> None:
        from wreckmaster.cli.io import fail, print_json
        from wreckmaster.coverage import coverage as compute
        from wreckmaster.law.citations import CitationError
        from wreckmaster.law.regime import available

        if regime not in available() and regime != "yar-1974":
            fail([(regime, f"unknown regime (known: {', '.join(available())})")])
        try:
            rows = compute(regime)
        except CitationError as exc:
            fail([(regime, str(exc))])
        if format == "json":
            print_json([r.to_json() for r in rows])
            return
        from rich.console import Console
        from rich.table import Table
        from rich.text import Text

        style = {"implemented": "green", "not-applicable": "cyan", "missing": "bold red"}
        t = Table(title=f"Coverage of {regime}", title_justify="left", show_lines=True)
        for col in ("article", "status", "rules", "tests", "reason"):
            t.add_column(col)
        for r in rows:
            t.add_row(r.article, Text(r.status, style=style[r.status]), "\n".join(r.rules), "\n".join(r.tests),
                      r.reason or "")
        counts = {s: sum(1 for r in rows if r.status == s) for s in style}
        Console().print(t)
        print(", ".join(f"{n} {s}" for s, n in counts.items()))
