"""`wreckmaster document NAME FILE|--case ID -o OUT.pdf`: documents people print and sign (issue 14)."""
from __future__ import annotations

from typing import Optional

import typer

HELP = """Print a document of a case to PDF: settlement (精算書, jp-1875 arts 19–20), sea-protest
(浦証文, art 21), statement (one party's: what it is owed and what it owes, with the articles —
every regime; needs --party), notice (掲示 / 公告 / avis: the items under notice), wreck-report
(船難報告書, jp-1899 art 10), declaration and receipt (fr-epaves art 2), county-report (稟,
qing art 5), and for jp-1899-2025 found-report (拾得届), delivery-receipt (受領書), claim
(引渡請求書), handover (交付書), owner-receipt (所有者受領書).

Japanese and classical-Chinese documents are set vertically (縦書き) with era dates; French
and English horizontally. The case is a scenario FILE, or a stored case (--case ID, with --db
URL or $WRECKMASTER_DB). Printed by Chromium (/usr/bin/chromium; install it with
`apt-get install chromium fonts-noto-cjk`); nothing is downloaded.

Exit status: 0; 2 bad input (error: <pointer>: <what>), also a document the case's regime does
not have, or Chromium missing; 4 not found (a stored case); 5 database.

Example:

    wreckmaster document settlement examples/jp-1875-wreck-of-the-kotobuki-maru.yaml -o seisan.pdf
    wreckmaster document statement examples/jp-1899-stranding-of-the-daini-kannon-maru.yaml --party nakamura --lang en -o nakamura.pdf
    wreckmaster document notice --case C-1 --as-of 1876-05-01 -o notice.pdf
    wreckmaster document handover town-case.yaml --office misaki -o kofusho.pdf
"""


def register(app: typer.Typer) -> None:
    @app.command("document", help=HELP)
    def document(
        name: str = typer.Argument(..., help="The document: settlement, sea-protest, statement, notice, wreck-report, "
                                             "declaration, receipt, county-report, found-report, delivery-receipt, "
                                             "claim, handover, owner-receipt."),
        file: Optional[str] = typer.Argument(None, help="The scenario file (or use --case)."),
        case: Optional[str] = typer.Option(None, "--case", help="A stored case's id instead of a file."),
        db: Optional[str] = typer.Option(None, "--db", help="The case database URL (default $WRECKMASTER_DB, "
                                                           "else the SQLite file in the data folder)."),
        version: Optional[int] = typer.Option(None, "--version", help="With --case: the log as it stood at version N."),
        party: Optional[str] = typer.Option(None, "--party", help="The party (statement; a salvor for declaration "
                                                                  "and receipt; a finder or owner for the town's forms)."),
        lang: Optional[str] = typer.Option(None, "--lang", help="ja, zh, fr or en (default the regime's language)."),
        as_of: Optional[str] = typer.Option(None, "--as-of", help="The date of the document (YYYY-MM-DD); default "
                                            "the scenario's as_of, else today."),
        output: str = typer.Option(..., "-o", "--output", help="The PDF file to write (.html writes the HTML page)."),
        office_id: Optional[str] = typer.Option(None, "--office", help="With a FILE: the stored office (at --db) that "
                                                "issues it (its head's title, address, telephone); a --case is "
                                                "printed for its own office."),
    ) -> None:
        from wreckmaster.cli.io import check_choice, fail, load_or_fail, parse_date

        if lang is not None:
            check_choice(lang, ("ja", "zh", "fr", "en"), "--lang")
        when = parse_date(as_of, "--as-of")
        if (file is None) == (case is None):
            fail([("FILE", "give a scenario FILE or --case ID (one of them)")])
        from wreckmaster import documents

        if name not in documents.DOCUMENTS:
            fail([("NAME", f"unknown document {name!r} (known: {', '.join(documents.DOCUMENTS)})")])
        office = photo = None
        if file is not None:
            scenario = load_or_fail(file)
            if office_id is not None:
                office = _office(db, office_id)
        else:
            scenario, office, photo = _stored(db, case, when, version)
        try:
            if output.endswith(".html"):
                data = documents.render_html(name, scenario, None, party, lang, when, office, photo).encode("utf-8")
            else:
                data = documents.render_pdf(name, scenario, None, party, lang, when, office, photo)
        except documents.DocumentProblem as exc:
            fail([(exc.pointer, exc.message)])
        except documents.PrinterMissing as exc:
            fail([("chromium", str(exc))])
        try:
            with open(output, "wb") as fh:
                fh.write(data)
        except OSError as exc:
            fail([(output, exc.strerror or str(exc))])


def _office(db, office_id):
    """A stored office's details (exit 4 when it does not exist, 5 on the database)."""
    from .case import opened, store_errors

    store = opened(db)
    with store_errors():
        return store.office(office_id)


def _stored(db, case_id, as_of, version):
    """The stored case's scenario (as of the date), its office and its photographs (by hash); exit 4
    when it does not exist, 5 on the database."""
    import sys
    from functools import partial

    from wreckmaster.store import open_store
    from wreckmaster.store.errors import DatabaseProblem, NotFound
    from wreckmaster.store.public import photo

    try:
        store = open_store(db)
        return (store.scenario(case_id, as_of=as_of, version=version), store.case_office(case_id),
                partial(photo, store))
    except NotFound as exc:
        print(f"not found: {exc}", file=sys.stderr)
        raise typer.Exit(4)
    except DatabaseProblem as exc:
        print(f"database: {exc}", file=sys.stderr)
        raise typer.Exit(5)
