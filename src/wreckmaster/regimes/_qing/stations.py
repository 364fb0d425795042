"""The case's segment of the coast, as both Qing texts set it up in their art 1: every ten li
a segment (每十里為一段).

:func:`case_segment_length` gives the segment and its length, :func:`segment_values` the
values that open the step showing it, :func:`segment_length_note` the finding when its length is
not the law's. The citation comes from the calling rule.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any, NamedTuple

from wreckmaster.law.coast import Segment, metres
from wreckmaster.law.parameters import Param
from wreckmaster.law.regime import Context
from wreckmaster.law.values import exact_text

from .common import case_segment, coast, segment_label


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


def segment_values(s: SegmentLength) -> tuple[dict[str, Any], dict[str, Any]]:
    """The values that open the step showing the segment (its label, ``segment_zh`` the
    Chinese's, its length in li and in metres), and its inputs."""
    seg, li = exact_text(s.seg_li), exact_text(metres(s.seg_li, s.li.value))
    return ({"segment": segment_label(s.seg), "segment_zh": s.seg.name or s.seg.id, "length_li": seg, "metres": li},
            {"segment": s.seg.id, "length_li": seg})


def segment_length_note(ctx: Context, s: SegmentLength, cite: str) -> None:
    """An info finding when the segment is not of the law's length."""
    if s.seg.length_li is not None and Fraction(s.seg.length_li) != s.length.value:
        ctx.finding("info", "segment-length", cite, seg=repr(s.seg.id), length_li=str(s.seg.length_li),
                    length=str(s.length.text))


def computed_station(ctx: Context, cite: str, reading: str) -> None:
    """Issue 15: the station responsible for the casualty's position, as ``wreckmaster.geo``
    computed it before the engine ran (``case.station_computed``: a fact with its source), and
    the boats of that segment's register in the scenario's ``coast`` section (those to go)."""
    fact = ctx.case.station_computed
    dist = ctx.case.distance_computed
    if dist is not None and dist.on_land:
        severity = "info" if ctx.case.kind == "stranding" else "error"
        ctx.finding(severity, "position-on-land", cite, lat=str(ctx.case.position.lat), lon=str(ctx.case.position.lon),
                    source=str(dist.source), data_version=str(dist.data_version), uncertainty_m=str(dist.uncertainty_m))
    if fact is None:
        return
    c = coast(ctx)
    near = "; ".join(f"{n.station or n.segment} {n.distance_m} m" for n in fact.neighbours)
    near_zh = "、".join(f"{n.station or n.segment} {n.distance_m} 公尺" for n in fact.neighbours)
    seg = None
    if c is not None:
        seg = next((s for s in c.segments if s.id == fact.segment or (s.name and s.name == fact.station)), None)
    boats = [b.id for b in seg.boats if b.licence is not None] if seg is not None else []
    ctx.step("station_computed", cite, "station-computed", variant=None if seg else "no-register",
             segment=fact.segment, station=fact.station, register=fact.register_id, distance_m=fact.distance_m,
             near=near or "none", near_zh=near_zh or "無", reached=len(fact.signals_reach),
             reach=", ".join(fact.signals_reach) or "none", coast_segment=seg.id if seg else None,
             boats=", ".join(boats) or "none", boats_zh="、".join(boats) or "無", source=fact.source,
             data_version=fact.data_version,
             inputs={"segment": fact.segment, "station": fact.station, "distance_m": fact.distance_m,
                     "neighbours": [n.segment for n in fact.neighbours], "signals_reach": list(fact.signals_reach),
                     "coast_segment": seg.id if seg else None, "boats": boats, "data_version": fact.data_version},
             readings=[reading])
    if c is not None and c.case_segment is not None and seg is not None and c.case_segment != seg.id:
        ctx.finding("info", "case-segment-differs-from-position", cite, case_segment=repr(c.case_segment),
                    station=str(fact.station), seg=repr(seg.id))
