#!/usr/bin/env bash
# The case log at work (docs/case-log.md), on the embedded default: a throwaway SQLite file.
# A drift find at 相良村 under the 1875 rules is reported, posted, and its owner found, day by day;
# the clerk's due list and the assessment are printed along the way.
set -euo pipefail
cd "$(dirname "$0")/.."
W=${W:-.venv/bin/wreckmaster}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
export WRECKMASTER_DB="sqlite:///$TMP/cases.db"
export XDG_DATA_HOME="$TMP/data"   # its own secret and seal checkpoint, thrown away with the database
step() { printf '\n── %s\n' "$*"; }

cat > "$TMP/report.yaml" <<'YAML'
# 1876-03-01: a cask of sake washed ashore at 相良村; 太郎 brings it to the village office.
format: wreckmaster.scenario/1
regime: jp-1875
case: {occurred: 1876-03-01, place: 相良村 浜, kind: drift}
parties:
  - {id: taro, name: "太郎 (finder)", roles: [finder]}
  - {id: kocho, name: "相良村 戸長 (the village head)", roles: [official]}
items:
  - {id: cask, description: "酒樽 一挺 (a cask of sake)", kind: cargo, value: "4.50",
     found: {date: 1876-03-01, by: [taro], state: ashore}}
events:
  - {type: reported, date: 1876-03-01, by: taro, to: kocho}
YAML

step "1876-03-01  the find is reported: the case is opened"
CASE=$("$W" case open "$TMP/report.yaml" --format json | python3 -c 'import json,sys; print(json.load(sys.stdin)["case"])')
echo "case $CASE"

step "1876-03-03  the notice is posted on the village board (art 30)"
echo '{"event": {"type": "notice_posted", "date": "1876-03-03", "items": ["cask"]}}' > "$TMP/e1.json"
"$W" case record "$CASE" "$TMP/e1.json" --expect-version 1

step "1876-03-10  the clerk's list: what is due within 60 days, and what was missed"
"$W" case due --as-of 1876-03-10 --within 60

step "1876-03-20  a correction: the cask was valued at 5 yen, not 4.50 (the old value stays in the log)"
echo '{"amend": "/items/cask/value", "value": "5"}' > "$TMP/e2.json"
"$W" case record "$CASE" "$TMP/e2.json" --expect-version 2

step "1876-04-15  the owner comes forward (art 31): two facts, recorded together (all or none)"
cat > "$TMP/e3.json" <<'JSON'
[{"add": "party", "value": {"id": "kichibei", "name": "吉兵衛 (owner, 焼津)", "roles": ["owner"]}},
 {"event": {"type": "owner_identified", "date": "1876-04-15", "item": "cask", "owner": "kichibei"}}]
JSON
"$W" case record "$CASE" "$TMP/e3.json" --expect-version 3

step "a stale version is a conflict, never a silent overwrite (exit 3)"
"$W" case record "$CASE" "$TMP/e1.json" --expect-version 3 2>&1 || echo "(exit $?)"

step "the log: who recorded what, and when"
"$W" case history "$CASE"

step "the case as known on 1876-03-10 (before the owner came forward)"
"$W" case show "$CASE" --as-of 1876-03-10 --version 2

step "the case on 1876-05-01: the finder's third (art 31)"
"$W" case show "$CASE" --as-of 1876-05-01

step "the chain of hashes is intact"
"$W" case verify
