"""HTML to PDF through Chromium (Playwright for Python driving Debian's ``/usr/bin/chromium``).

WeasyPrint and Typst cannot set vertical text (縦書き); Chromium can. Nothing is downloaded:
Playwright's own browser download (``playwright install``) is never used, the browser is the
system's, started without network services. One :class:`Printer` (one browser) prints many
documents; :func:`print_pdf` uses one per process, in its own thread (the service, the tests).
"""
from __future__ import annotations

import os
import re
import threading
from datetime import date

CHROMIUM = os.environ.get("WRECKMASTER_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]
INSTALL_HINT = "apt-get install chromium fonts-noto-cjk"


MARGIN = {"top": "16mm", "bottom": "14mm", "left": "14mm", "right": "14mm"}


def _head(text: str | None) -> str:
    from markupsafe import escape

    return ('<div style="font-family: \'Noto Serif CJK JP\', serif; font-size: 7.5pt; width: 100%; '
            'margin: 0 14mm; display: flex; justify-content: space-between; color: #333;">'
            f'<span>{escape(text or "")}</span>'
            '<span><span class="pageNumber"></span> / <span class="totalPages"></span></span></div>')


class PrinterMissing(Exception):
    """Chromium (or the Playwright package) is not installed: the documents cannot be printed."""


def check_chromium() -> None:
    if not os.path.exists(CHROMIUM):
        raise PrinterMissing(f"{CHROMIUM} is missing: the documents are printed by Chromium "
                             f"(install it with `{INSTALL_HINT}`)")


class Printer:
    """One Chromium browser; :meth:`pdf` prints one HTML page to PDF bytes (thread-safe)."""

    def __init__(self) -> None:
        check_chromium()
        try:
            from playwright.sync_api import sync_playwright
        except ImportError as exc:  # pragma: no cover - a dependency of the project
            raise PrinterMissing(f"the Python package playwright is missing ({exc})") from exc
        self._lock = threading.Lock()
        self._page = None
        self._pw = sync_playwright().start()
        try:
            self._browser = self._pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        except Exception as exc:
            self._pw.stop()
            raise PrinterMissing(f"Chromium at {CHROMIUM} could not be started ({exc}); "
                                 f"install it with `{INSTALL_HINT}`") from exc

    def pdf(self, html: str, header: str | None = None) -> bytes:
        """Print ``html`` (a complete document, styles inline) on A4; ``header`` is the running
        head repeated at the top of every page, with the page number and count."""
        with self._lock:
            if self._page is None or self._page.is_closed():
                self._page = self._browser.new_page()
                self._page.route("**/*", lambda route: route.abort())   # nothing is fetched: no network
            page = self._page
            try:
                page.set_content(html, wait_until="load")
                page.evaluate("document.fonts.ready.then(() => true)")
                return page.pdf(format="A4", print_background=True, margin=MARGIN,
                                display_header_footer=True, header_template=_head(header),
                                footer_template="<span></span>")
            except Exception:
                page.close()                      # a fresh page for the next document
                raise

    def close(self) -> None:
        try:
            self._browser.close()
        finally:
            self._pw.stop()

    def __enter__(self) -> "Printer":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


_STAMP = re.compile(rb"/(CreationDate|ModDate) \(D:\d{14}([+-]\d\d'\d\d'|Z)?\)")


def dated(pdf: bytes, day: date) -> bytes:
    """The PDF with its creation and modification dates set to ``day`` (midnight UTC) instead of the
    moment it was printed: the same case as of the same day prints the same bytes (Chromium's PDF
    has no other varying part). The stamp keeps its length, so the cross-reference table stands."""
    def stamp(m: re.Match) -> bytes:
        new = b"/" + m.group(1) + b" (D:" + day.strftime("%Y%m%d").encode() + b"000000" + (
            b"+00'00'" if m.group(2) and m.group(2) != b"Z" else (b"Z" if m.group(2) else b"")) + b")"
        return new if len(new) == len(m.group(0)) else m.group(0)
    return _STAMP.sub(stamp, pdf)


_shared: Printer | None = None
_executor = None
_shared_lock = threading.Lock()


def _worker():
    """The one thread that owns the shared printer (Playwright's sync API keeps to its thread)."""
    global _executor
    with _shared_lock:
        if _executor is None:
            from concurrent.futures import ThreadPoolExecutor

            _executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="wreckmaster-printer")
        return _executor


def _print_shared(html: str, header: str | None) -> bytes:
    global _shared
    if _shared is None:
        _shared = Printer()
    return _shared.pdf(html, header)


def print_pdf(html: str, header: str | None = None) -> bytes:
    """Print with the process's one browser, started on first use (from any thread)."""
    check_chromium()
    return _worker().submit(_print_shared, html, header).result()


def close_shared() -> None:
    """Close the shared browser (at the end of a test session or of the service)."""
    global _shared, _executor
    with _shared_lock:
        ex, _executor = _executor, None
    if ex is None:
        return

    def _close():
        global _shared
        if _shared is not None:
            _shared.close()
            _shared = None
    ex.submit(_close).result()
    ex.shutdown()
