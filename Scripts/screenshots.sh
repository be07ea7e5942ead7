#!/bin/sh
# Renders docs/images/lint-terminal.png: `linza --color always` on Fixtures/ManyLanguages and
# Fixtures/SampleApp, its ANSI colours turned into HTML, photographed by headless Chromium
# (as the status page test runs it); and docs/images/lint-html.png, the sample app's
# `--reporter html` page. Run after `swift build`; needs python3 and chromium.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
linza="$root/.build/debug/linza"
chromium=${LINZA_CHROMIUM:-$(command -v chromium || command -v chromium-browser || command -v google-chrome)}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for fixture in ManyLanguages SampleApp; do
    printf '\033[1m$ linza\033[0m   (Fixtures/%s)\n' "$fixture"
    (cd "$root/Fixtures/$fixture" && "$linza" --color always 2>&1) || true
    printf '\n'
done >"$work/terminal.txt"
python3 - "$work/terminal.txt" "$work/terminal.html" <<'PY'
import html, re, sys
colours = {"1": "font-weight:bold", "2": "opacity:0.6", "31": "color:#ff5f56", "33": "color:#ffbd2e", "36": "color:#5ac8fa"}
text = open(sys.argv[1], encoding="utf-8").read()
out, open_spans = [], 0
for part in re.split(r"(\x1b\[[0-9;]*m)", text):
    match = re.fullmatch(r"\x1b\[([0-9;]*)m", part)
    if not match:
        out.append(html.escape(part))
    elif match.group(1) in ("", "0"):
        out.append("</span>" * open_spans)
        open_spans = 0
    else:
        out.append('<span style="%s">' % ";".join(colours.get(c, "") for c in match.group(1).split(";")))
        open_spans += 1
page = ('<!doctype html><meta charset="utf-8"><body style="margin:0;background:#1e1e1e">'
        '<pre style="margin:0;padding:16px;color:#ddd;font:13px/1.45 DejaVu Sans Mono,monospace;white-space:pre">'
        + "".join(out) + "</pre>")
open(sys.argv[2], "w", encoding="utf-8").write(page)
PY
"$chromium" --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1800,560 \
    --screenshot="$root/docs/images/lint-terminal.png" "file://$work/terminal.html" 2>/dev/null
echo "wrote docs/images/lint-terminal.png"
cp -R "$root/Fixtures/SampleApp" "$work/SampleApp"
(cd "$work/SampleApp" && "$linza" --reporter html --output "$work/lint.html" --quiet) || true
"$chromium" --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1280,1400 \
    --screenshot="$root/docs/images/lint-html.png" "file://$work/lint.html" 2>/dev/null
echo "wrote docs/images/lint-html.png"
