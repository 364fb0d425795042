"""The public's side (issue 27): what finders and owners use without an account.

- :mod:`.photos` — photographs checked by their content and re-encoded without metadata;
- :mod:`.board` — the notice board's search (one function the pages and feeds call);
- :mod:`.feeds` — an Atom feed per office and an iCalendar of the owners' claim deadlines;
- :mod:`.reports` — a finder's report and an owner's request, read from the public's input;
- :mod:`.words` — the kinds of goods in the law's own words.

The storage is ``store/public.py``; the routes are ``service/routers/public.py`` (API) and
``web/public.py`` (pages).
"""
