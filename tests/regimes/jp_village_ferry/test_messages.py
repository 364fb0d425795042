"""jp-village-ferry's finding templates (messages.yaml) give exactly the sentences its rules wrote
before (issue 22): the shapes of art 20's period of grace no worked case reaches, each with the
sentence the former f-string made from the same values."""
from __future__ import annotations

import pytest

from wreckmaster.law import regime as registry

GRACE = ("On 1920-04-01 the village asked for a period of grace until 1920-04-30 to pay the claims for damages "
         "(art 20); 40 yen of 100 yen paid — ")
LATE = "the 100 yen were paid in full only on 1920-05-01, after the last day 1920-04-30: 100 yen on 1920-05-01 late"
CASES = [
    ({"variant": "pending"}, GRACE + "pending."),
    ({"variant": "ended"}, GRACE + "ended."),
    ({"variant": "missed"}, GRACE + "missed: not paid in full by 1920-04-30."),
    ({"variant": "late", "status": "missed", "late": LATE}, GRACE + f"missed: {LATE}."),
]


@pytest.mark.parametrize("values, sentence", CASES, ids=[v["variant"] for v, _ in CASES])
def test_each_shape_of_the_period_of_grace_gives_the_former_sentence(values, sentence):
    t = registry.get("jp-village-ferry").messages
    values = {**values, "asked_on": "1920-04-01", "until": "1920-04-30", "paid": "40", "owed": "100"}
    assert t.render("grace-requested", "en", values) == sentence
    local = t.render("grace-requested", "ja", values)
    assert all(v in local for k, v in values.items() if k != "variant")
