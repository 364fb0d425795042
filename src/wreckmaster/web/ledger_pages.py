"""The office's persons register and a page per person with his record in the ledger (issue 28).

``/persons`` lists the office's register; ``/persons/{id}?as_of=`` shows the person's lines
(功過) — each with its case, article and date earned — his totals and the findings the counts
fire, in the office's language (classical Chinese by default) with the English beside it, as
the office's other pages give it. Signed-in users only; another office's person is not found.
"""
from __future__ import annotations

from datetime import date

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from .pages import _login_redirect, _parse_day, _store, _user, render

router = APIRouter(include_in_schema=False)


@router.get("/persons", response_class=HTMLResponse)
def persons_page(request: Request, lang: str = "zh"):
    user = _user(request)
    if user is None:
        return _login_redirect(request)
    rows = _store(request).persons.list(user.office)
    return render(request, "persons.html", lang=lang, persons=rows)


@router.get("/persons/{person_id}", response_class=HTMLResponse)
def person_page(request: Request, person_id: str, lang: str = "zh", as_of: str | None = None):
    user = _user(request)
    if user is None:
        return _login_redirect(request)
    day = _parse_day(as_of) or date.today()
    ledger = _store(request).ledger(day, office=user.office, person=person_id)
    record = next(iter(ledger["persons"]), None)
    if record is None:
        return render(request, "not_found.html", status=404, lang=lang, what=f"person {person_id}")
    return render(request, "person.html", lang=lang, r=record, as_of=day, counties=ledger["counties"])
