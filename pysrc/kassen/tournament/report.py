"""A tournament's report (issue 16): one self-contained HTML file for organisers to publish.

Standings, the win-rate heatmap (each cell links to its battle on the page: the page's URL
plus the cell's ``#m=``), bracket rounds or match-up rates, and the ``#t=`` link that plays
the tournament again. No script, no request of any kind: one ``<style>`` block allowed by
its hash in a Content-Security-Policy that allows nothing else. Every text from the table
(names above all) is escaped, so a hostile name stays text. The page's worker and
``python -m kassen tournament … --report`` call the same function, so their files are
byte-identical.
"""

from __future__ import annotations

import base64
import hashlib
import html
import re
from typing import Any

from kassen.core.links import tournament_link
from kassen.core.problems import Problem, ProblemError

_LINK = re.compile(r"^#[mt]=[A-Za-z0-9_-]{1,20000}$")
_STYLE = (
    "body{font-family:system-ui,sans-serif;margin:2em;color:#111;background:#fff}"
    "table{border-collapse:collapse;margin:1em 0}"
    "th,td{border:1px solid #bbb;padding:.25em .5em;text-align:right}"
    "th.n,td.n{text-align:left}"
    "td.h a{color:inherit;display:block;text-decoration:none}"
    + "".join(f"td.h{i}{{background:hsl({12 * i},70%,{88 - abs(5 - i) * 2}%)}}"
              for i in range(11))
)
_TEXT = {
    "en": {"title": "Tournament report", "ruleset": "Rule system", "rv": "Rules version",
           "format": "Format",
           "seeds": "Seeds per pairing", "seed": "Master seed", "battles": "Battles",
           "again": "Play this tournament again", "standings": "Standings",
           "heatmap": "Win rates (row against column; each cell opens its battle)",
           "rank": "#", "name": "Name", "w": "W", "d": "D", "l": "L", "pts": "Points",
           "rate": "Win rate (95%)", "round": "Round", "champion": "Champion", "bye": "bye",
           "tie": "tie: better seed", "win": "Win", "draw": "Draw", "loss": "Loss",
           "median": "Median turns", "first": "First battle", "battle": "battle"},
    "ja": {"title": "大会結果", "ruleset": "ルール", "rv": "ルール版", "format": "形式",
           "seeds": "組み合わせごとのシード数", "seed": "マスターシード", "battles": "戦闘数",
           "again": "この大会をもう一度", "standings": "順位",
           "heatmap": "勝率（行が列に対して。各セルはその戦闘を開く）",
           "rank": "#", "name": "名前", "w": "勝", "d": "分", "l": "負", "pts": "勝点",
           "rate": "勝率（95%）", "round": "回戦", "champion": "優勝", "bye": "不戦",
           "tie": "同点: 上位シード", "win": "勝", "draw": "分", "loss": "負",
           "median": "ターン数の中央値", "first": "最初の戦闘", "battle": "戦闘"},
}


def _e(value: Any) -> str:
    """Any value as escaped text (quotes too, so it is safe in an attribute)."""
    return html.escape(str(value), quote=True)


def _list(value: Any) -> list[Any]:
    """``value`` if it is a list, else an empty one (a table from a page may have any shape)."""
    return value if isinstance(value, list) else []


def _finite(value: Any) -> float | None:
    """A number of the table as a float (5 and 5.0 alike), None for anything else."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    if isinstance(value, int) and abs(value) >= 10 ** 15:
        return None
    number = float(value)
    return number if abs(number) < 1e15 else None  # NaN and infinities fail the test too


def _num(value: Any, digits: int = 3) -> str:
    """A number as the report prints it, the same whether it came as 5 or 5.0."""
    number = _finite(value)
    return "–" if number is None else f"{number:.{digits}f}"


def _count(value: Any) -> str:
    number = _finite(value)
    return "–" if number is None else str(int(number))


def _rate(value: Any) -> str:
    if not isinstance(value, dict) or _finite(value.get("rate")) is None:
        return "–"
    return f"{_num(value['rate'])} [{_num(value.get('low'))}, {_num(value.get('high'))}]"


def _href(page: str, link: Any) -> str | None:
    """The absolute link to a battle (or the tournament) on the page, or None when ``link``
    is not a share link's fragment."""
    if not isinstance(link, str) or not _LINK.match(link):
        return None
    return _e(page.split("#", 1)[0] + link)


def _a(page: str, link: Any, text: str) -> str:
    href = _href(page, link)
    return f'<a href="{href}">{text}</a>' if href else text


def _name(names: list[Any], index: Any) -> str:
    if type(index) is int and 0 <= index < len(names):
        return _e(names[index])
    return "–"


def _round_robin(table: dict[str, Any], page: str, t: dict[str, str]) -> list[str]:
    out = [f"<h2>{t['standings']}</h2><table><tr><th>{t['rank']}</th>"
           f"<th class=n>{t['name']}</th><th>{t['w']}</th><th>{t['d']}</th><th>{t['l']}</th>"
           f"<th>{t['pts']}</th><th>{t['rate']}</th></tr>"]
    for row in _list(table.get("standings")):
        if not isinstance(row, dict):
            continue
        out.append(f"<tr><td>{_count(row.get('rank'))}</td><td class=n>{_e(row.get('name'))}"
                   f"</td><td>{_count(row.get('wins'))}</td><td>{_count(row.get('draws'))}</td>"
                   f"<td>{_count(row.get('losses'))}</td><td>{_num(row.get('points'), 1)}</td>"
                   f"<td>{_rate(row.get('win_rate'))}</td></tr>")
    out.append("</table>")
    names = _list(table.get("names"))
    out.append(f"<h2>{t['heatmap']}</h2><table><tr><th></th>"
               + "".join(f"<th>{_e(n)}</th>" for n in names) + "</tr>")
    for i, line in enumerate(_list(table.get("matrix"))):
        cells = []
        for cell in _list(line):
            found = cell.get("win_rate") if isinstance(cell, dict) else None
            value = _finite(found.get("rate")) if isinstance(found, dict) else None
            if value is None:
                cells.append("<td></td>")
                continue
            shade = max(0, min(10, round(value * 10)))
            text = _a(page, cell.get("link"), _num(value, 2))
            cells.append(f'<td class="h h{shade}">{text}</td>')
        out.append(f"<tr><th class=n>{_name(names, i)}</th>{''.join(cells)}</tr>")
    out.append("</table>")
    return out


def _elimination(table: dict[str, Any], page: str, t: dict[str, str]) -> list[str]:
    names = _list(table.get("names"))
    out = []
    for rnd in _list(table.get("rounds")):
        if not isinstance(rnd, dict):
            continue
        out.append(f"<h2>{t['round']} {_count(rnd.get('round'))}</h2><table>")
        for m in _list(rnd.get("matches")):
            if not isinstance(m, dict):
                continue
            score = _list(m.get("score"))
            note = t["bye"] if m.get("bye") else " – ".join(_count(s) for s in score[:2])
            if m.get("tiebreak_by_seed"):
                note += f" ({t['tie']})"
            out.append(f"<tr><td class=n>{_name(names, m.get('a'))}</td><td class=n>"
                       f"{_name(names, m.get('b'))}</td><td>{_a(page, m.get('link'), note)}</td>"
                       f"<td class=n>→ {_name(names, m.get('winner'))}</td></tr>")
        out.append("</table>")
    out.append(f"<p>{t['champion']}: <b>{_name(names, table.get('champion'))}</b></p>")
    return out


def _matchup(table: dict[str, Any], page: str, t: dict[str, str]) -> list[str]:
    names = _list(table.get("names"))
    out = [f"<h2>{_name(names, 0)} – {_name(names, 1)}</h2><table>"]
    for key in ("win", "draw", "loss"):
        out.append(f"<tr><th class=n>{t[key]}</th><td>{_rate(table.get(key))}</td></tr>")
    out.append(f"<tr><th class=n>{t['median']}</th><td>{_num(table.get('median_turns'), 1)}"
               f"</td></tr></table><p>{_a(page, table.get('first_link'), t['first'])}</p>")
    return out


def _again(page: str, spec: Any, text: str) -> str:
    """The link that plays the tournament again (none when the tournament is too big for one)."""
    try:
        return _a(page, tournament_link(spec), text)
    except ProblemError:
        return ""


PAGE_URL = re.compile(r"(?:https?|file)://[^\s\x00-\x1f\x7f]*", re.IGNORECASE)
MAX_PAGE_URL = 2000


def check_page(page: object, field: str = "page") -> str:
    """The page's URL a report's links open: ``http(s)://`` or ``file://`` text of at most
    2,000 characters without spaces or control characters, else a ``core.bad_type`` problem
    naming ``field`` (issue 25: a ``javascript:`` URL must never reach a report's links)."""
    if not isinstance(page, str) or len(page) > MAX_PAGE_URL or not PAGE_URL.fullmatch(page):
        raise ProblemError([Problem("core.bad_type", args={"field": field, "expected": (
            "the page's URL (https://…, http://… or file://…) for the report's links")})])
    return page


def tournament_report(table: dict[str, Any], spec: Any, page: str, lang: str = "en") -> str:
    """The report of a finished tournament as HTML text. ``table`` is the tournament's table
    (as ``kassen.tournament.formats`` or the page's worker made it), ``spec`` its
    :class:`~kassen.core.tournament_link.TournamentSpec`, ``page`` the page's URL (the
    links open it, checked by :func:`check_page`)."""
    check_page(page)
    t = _TEXT.get(lang, _TEXT["en"])
    digest = base64.b64encode(hashlib.sha256(_STYLE.encode()).digest()).decode()
    policy = (f"default-src 'none'; style-src 'sha256-{digest}'; img-src 'none'; "
              "form-action 'none'; base-uri 'none'")
    body = {"round-robin": _round_robin, "elimination": _elimination,
            "matchup": _matchup}[spec.format]  # a checked spec has one of these
    facts = [(t["ruleset"], spec.ruleset), (t["rv"], spec.version or "-"),
             (t["format"], spec.format),
             (t["seeds"], spec.seeds), (t["seed"], spec.seed),
             (t["battles"], _count(table.get("battles")))]
    parts = [
        "<!DOCTYPE html>",
        f'<html lang="{_e(lang)}"><head><meta charset="utf-8">',
        f'<meta http-equiv="Content-Security-Policy" content="{policy}">',
        '<meta name="referrer" content="no-referrer">',
        f"<title>{t['title']}</title><style>{_STYLE}</style></head><body>",
        f"<h1>{t['title']}</h1><table>",
        *(f"<tr><th class=n>{k}</th><td class=n>{_e(v)}</td></tr>" for k, v in facts),
        f"</table><p>{_again(page, spec, t['again'])}</p>",
        *body(table, page, t),
        "</body></html>",
    ]
    return "\n".join(parts) + "\n"
