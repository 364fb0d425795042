"""Properties of the fold (hypothesis): folding is deterministic, versions are monotone, and the
scenario at version N is the fold of the first N entries of the history."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings, strategies as st

from wreckmaster.store import canonical, fold

from .conftest import drift_doc

PLACES = st.sampled_from(["相良村 浜", "焼津", "御前崎 沖", "Sagara"])


@st.composite
def batches(draw):
    """Lists of entries that are valid in order: parties added, notices, amends, retracts."""
    out = []
    n_parties = 0
    seq = 1
    retractable: list[int] = []
    for _ in range(draw(st.integers(1, 5))):
        batch = []
        for _ in range(draw(st.integers(1, 3))):
            seq += 1
            kind = draw(st.sampled_from(["party", "notice", "amend", "retract"]))
            if kind == "retract" and retractable:
                target = draw(st.sampled_from(retractable))
                retractable.remove(target)
                batch.append({"retract": target, "reason": "recorded in error"})
                continue
            if kind == "party" or kind == "retract":
                n_parties += 1
                batch.append({"add": "party", "value": {"id": f"p{n_parties}", "name": f"party {n_parties}"}})
            elif kind == "notice":
                day = draw(st.integers(2, 28))
                batch.append({"event": {"type": "notice_posted", "date": f"1876-03-{day:02d}", "items": ["i1"]}})
            else:
                batch.append({"amend": "/case/place", "value": draw(PLACES)})
            retractable.append(seq)
        out.append(batch)
    return out


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(batches())
def test_fold_is_deterministic_and_versions_monotone(store, plan):
    case, version = store.open_case(drift_doc())
    versions = [version]
    for batch in plan:
        versions.append(store.record(case, batch, expect_version=versions[-1]))
        assert versions[-1] == versions[-2] + len(batch)
    assert versions == sorted(set(versions))
    log = [(e["seq"], e["entry"]) for e in store.history(case)]
    for n in range(1, len(log) + 1):
        a, _ = fold.fold(log, upto=n)
        b, _ = fold.fold([(s, canonical.loads(canonical.dumps(e))) for s, e in log[:n]])
        assert canonical.dumps(a) == canonical.dumps(b)
        exported = {k: v for k, v in store.export(case, version=n).items() if k != "as_of"}
        assert canonical.dumps(exported) == canonical.dumps(a)
    assert store.verify(case)["ok"]
