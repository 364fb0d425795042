"""The case's segment of the coast, as both Qing texts set it up in their art 1: every ten li
a segment (每十里為一段).

:func:`case_segment_length` gives the segment and its length, :func:`segment_texts` the
opening of the step that shows it, :func:`segment_length_note` the finding when its length is
not the law's. The citation comes from the calling rule.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any, NamedTuple

from wreckmaster.law.coast import Segment, metres
from wreckmaster.law.parameters import Param
from wreckmaster.law.regime import Context
from wreckmaster.law.values import exact_text

from .common import case_segment, segment_label


class SegmentLength(NamedTuple):
    seg: Segment
    length: Param     # coast.segment_length_li: the law's segment
    li: Param         # coast.li_metres
    seg_li: Any       # the segment's length in li (the law's when not given)


def case_segment_length(ctx: Context) -> SegmentLength | None:
    """The case's segment and its length; None without one."""
    seg = case_segment(ctx)
    if seg is None:
        return None
    length, li = ctx.param("coast.segment_length_li"), ctx.param("coast.li_metres")
    return SegmentLength(seg, length, li, seg.length_li if seg.length_li is not None else length.value)


def segment_texts(s: SegmentLength) -> tuple[str, str, dict[str, Any]]:
    """The opening of the step's English and Chinese (each ending with a ``;``), and its inputs."""
    seg, li = exact_text(s.seg_li), exact_text(metres(s.seg_li, s.li.value))
    return (f"Segment {segment_label(s.seg)}: {seg} li (≈ {li} m); ", f"{s.seg.name or s.seg.id}段 {seg} 里；",
            {"segment": s.seg.id, "length_li": seg})


def segment_length_note(ctx: Context, s: SegmentLength, cite: str) -> None:
    """An info finding when the segment is not of the law's length."""
    if s.seg.length_li is not None and Fraction(s.seg.length_li) != s.length.value:
        ctx.out.finding("info", "segment-length",
                        f"Segment {s.seg.id!r} is {s.seg.length_li} li long; art 1 makes a segment of every "
                        f"{s.length.text} li (每十里為一段).", cite)
