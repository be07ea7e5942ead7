/// The inline style sheet and script of the HTML status page. System fonts only, so the page
/// loads nothing; colours as custom properties, swapped for dark mode. Heatmap cells run from
/// red at 50 % and below to green at 100 %: the differences that matter near release are
/// between 90 and 100, which a 0–100 scale paints in nearly the same green.
enum StatusHTMLAssets {
    /// A page's start up to its `<body>`: the status page's and the lint report's, one look.
    static func documentStart(title: String, style extra: String = "") -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="color-scheme" content="light dark">
        <title>\(title)</title>
        <style>\(style)\(extra)</style>
        </head>
        <body>

        """
    }

    static let style = """

        :root { --bg: #ffffff; --fg: #1d1d1f; --muted: #6e6e73; --line: #d2d2d7; --track: #e8e8ed;
          --good: #1f8a3b; --fair: #b7791f; --poor: #c4302b; --heat-l: 78%; --head: #f5f5f7; --link: #0860c4; }
        @media (prefers-color-scheme: dark) {
          :root { --bg: #1c1c1e; --fg: #f2f2f7; --muted: #a1a1a6; --line: #3a3a3c; --track: #3a3a3c;
            --good: #34c759; --fair: #ffb340; --poor: #ff6961; --heat-l: 32%; --head: #2c2c2e; --link: #6cb4ff; }
        }
        * { box-sizing: border-box; }
        body { margin: 0 auto; padding: 24px; max-width: 1200px; background: var(--bg); color: var(--fg);
          font: 15px/1.45 -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
        h1 { font-size: 26px; margin: 0 0 4px; } h2 { font-size: 19px; margin: 28px 0 10px; }
        header p, footer p, .muted { color: var(--muted); }
        footer { margin-top: 32px; font-size: 13px; }
        a { color: var(--link); text-decoration: none; } a:hover { text-decoration: underline; }
        .scroll { overflow-x: auto; }
        table { border-collapse: collapse; width: 100%; }
        th, td { padding: 6px 10px; border-bottom: 1px solid var(--line); text-align: left; vertical-align: top; }
        thead th { background: var(--head); font-weight: 600; white-space: nowrap; position: sticky; top: 0; }
        td.num { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
        .barcol { white-space: nowrap; }
        .bar { display: inline-block; vertical-align: middle; width: 120px; height: 12px; border-radius: 6px;
          background: var(--track); overflow: hidden; }
        .bar span { display: block; height: 100%; }
        .good { background: var(--good); } .fair { background: var(--fair); } .poor { background: var(--poor); }
        .pct { display: inline-block; width: 52px; text-align: right; font-variant-numeric: tabular-nums; }
        td.heat { text-align: center; font-variant-numeric: tabular-nums; white-space: nowrap;
          background: hsl(calc(max(0, var(--p) - 50) * 2.4) 65% var(--heat-l)); }
        td.heat.none { background: none; color: var(--muted); }
        th.module { text-align: center; white-space: normal; max-width: 8em; overflow-wrap: anywhere; }
        td.other { white-space: nowrap; color: var(--muted); }
        code { font: 0.87em/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; word-break: break-all; }
        details.language { border: 1px solid var(--line); border-radius: 8px; margin: 8px 0; padding: 0 10px; }
        details.language > summary { cursor: pointer; padding: 8px 0; }
        table.keys { table-layout: fixed; }
        table.keys th:nth-child(1) { width: 26%; } table.keys th:nth-child(2) { width: 14%; }
        table.keys th:nth-child(3) { width: 26%; } table.keys th:nth-child(4) { width: 34%; }
        table.keys code { overflow-wrap: anywhere; word-break: normal; }
        tr.used td:first-child { border-left: 3px solid var(--poor); }
        .search input { font: inherit; padding: 6px 10px; min-width: 320px; border: 1px solid var(--line);
          border-radius: 6px; background: var(--bg); color: var(--fg); }
        .hidden { display: none; }
        @media print {
          body { max-width: none; padding: 0; font-size: 11px; }
          .search { display: none; }
          details.language { border: none; padding: 0; break-inside: auto; }
          tr { break-inside: avoid; }
          thead th { position: static; }
          .bar, td.heat, .bar span { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
          a { color: inherit; }
        }

        """

    /// Filters the missing keys as one types, opens matching languages, opens all of them for
    /// printing, and marks the page ready (the end-to-end test waits for that mark).
    static let script = """

        (function () {
          "use strict";
          var input = document.getElementById("search");
          var counter = document.getElementById("matches");
          var sections = Array.prototype.slice.call(document.querySelectorAll("details.language"));
          var rows = sections.map(function (section) {
            return Array.prototype.map.call(section.querySelectorAll("tbody tr"), function (row) {
              return { row: row, text: row.textContent.toLowerCase() };
            });
          });
          function apply() {
            var query = input.value.trim().toLowerCase();
            var total = 0;
            sections.forEach(function (section, index) {
              var shown = 0;
              rows[index].forEach(function (item) {
                var hit = query === "" || item.text.indexOf(query) !== -1;
                item.row.classList.toggle("hidden", !hit);
                if (hit) { shown += 1; }
              });
              section.classList.toggle("hidden", shown === 0);
              if (query !== "") { section.open = shown > 0; }
              total += shown;
            });
            counter.textContent = query === "" ? "" : total + (total === 1 ? " match" : " matches");
          }
          if (input) { input.addEventListener("input", apply); }
          // A link from the overview opens the language it points at.
          function openTarget() {
            var target = location.hash ? document.getElementById(location.hash.slice(1)) : null;
            if (target && target.tagName === "DETAILS") { target.open = true; }
          }
          window.addEventListener("hashchange", openTarget);
          openTarget();
          window.addEventListener("beforeprint", function () {
            sections.forEach(function (section) { section.open = true; });
          });
          document.body.dataset.ready = "1";
        })();

        """
}
