"""The マーガレット2011α board for the e2e view tests of this folder: the samples and names the
checks read, and reading the board from the DOM and comparing it with a step of CPython's
views (their page and battle are this folder's ``conftest`` fixture ``marguerite_fight``)."""

from __future__ import annotations

import json
from pathlib import Path

from e2e.helpers import set_seek, wait_until
from kassen.web import api as cpython_api

ARTIFACTS = Path(__file__).resolve().parent.parent / "artifacts"
AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
MARGUERITE = next(r for r in json.loads(cpython_api.hello())["rulesets"]
                  if r["id"] == "marguerite")
SAMPLES = [s["name"] for s in MARGUERITE["samples"]]
TEXTS = {s["name"]: s["text"] for s in MARGUERITE["samples"]}
SIDE_A, SIDE_B = "鏡の騎士", "城壁"  # reflect, guard, a built wall, an exit, overturn judge
KYUUBI = "10/1/0/4/振舞星/九尾 里奈"
STATUS_JA = {"stun": "スタン", "sleep": "スリープ", "venom": "猛毒", "poison": "毒",
             "miscarriage": "流産", "reflect": "反射", "guard": "ガード", "soul": "ソウル",
             "life": "ライフ", "push": "プッシュ", "quick": "クイック", "slow": "スロー",
             "taunt": "挑発"}
REASONS = {"wipeout": ("全滅", "wipeout"), "overkill": ("オーバーキルジャッジ", "overkill judge"),
           "overturn": ("オーバーターンジャッジ", "overturn judge"), "push": ("プッシュ", "push"),
           "draw": ("引き分け", "draw"), "aborted": ("打ち切り", "aborted")}


def defaults() -> dict:
    return {o["key"]: o["default"] for o in MARGUERITE["options"]}


def seek(page, index: int) -> None:
    set_seek(page, index)
    wait_until(page, "i => document.querySelector('#board .mg')?.dataset.step === String(i)",
               index)


def board(page) -> dict:
    """What the board shows, read from the DOM."""
    return page.evaluate("""() => {
      const q = (s, r = document) => [...r.querySelectorAll(s)];
      const stat = (n, k) => Number(n.querySelector(`[data-stat="${k}"]`).dataset.value);
      const res = (n, k) => Number(n.querySelector(`[data-${k}]`).getAttribute(`data-${k}`));
      const sides = q('#board .mg-party').map(p => ({
        line: q('.mg-member', p).map(m => ({
          id: m.dataset.member, hp: Number(m.dataset.hp), max_hp: Number(m.dataset.maxHp),
          shown_hp: m.querySelector('.mg-hpnum b').textContent,
          bar: [Number(m.querySelector('.mg-hpbar').getAttribute('aria-valuenow')),
                parseFloat(m.querySelector('.mg-hp-fill').style.width)],
          name: m.querySelector('.mg-name').textContent,
          atk: stat(m, 'atk'), def: stat(m, 'def'), spd: stat(m, 'spd'),
          mp: res(m, 'mp'), ap: res(m, 'ap'), reserve: res(m, 'reserve'),
          statuses: Object.fromEntries(q('.mg-status:not(.lost)', m)
            .map(b => [b.dataset.status, Number(b.dataset.count)])),
          badges: q('.mg-status:not(.lost)', m).map(b => b.textContent),
          lost: q('.mg-status.lost', m).map(b => b.dataset.status),
          swords: q('.mg-sword:not(.vanished)', m).map(c => [c.dataset.code,
            c.dataset.used === 'true', c.dataset.executing === 'true',
            c.classList.contains('exec'), Number(c.dataset.start),
            q('.mg-ench', c).map(e => e.dataset.enchant).sort()]),
          vanished: q('.mg-sword.vanished', m).map(c => c.dataset.code),
          front: m.querySelector('.mg-pos').classList.contains('front'),
        })),
        exited: q('.mg-gone', p).map(g => [g.dataset.member, Number(g.dataset.hp),
          Number(g.dataset.overkill)]),
      }));
      return {
        sides,
        turn: document.querySelector('#board .mg-turn').dataset.turn,
        lit: q('#board .mg-track li[aria-current="step"]').map(li => li.dataset.phase),
        track: q('#board .mg-track li:not(.extra)').map(li => li.dataset.phase),
        skipped: q('#board .mg-track li.skipped').map(li => li.dataset.phase),
      };
    }""")


def check(page, step: dict) -> dict:
    """Compare the DOM with a step's view."""
    shown = board(page)
    view = step["view"]
    assert shown["turn"] == str(view["turn"])
    assert shown["track"] == ["ap", "status", "action"]
    assert shown["lit"] == [step["phase"]]
    assert shown["skipped"] == (["status"] if step["turn"] == 0 else [])
    for side, s in enumerate(view["sides"]):
        line = shown["sides"][side]["line"]
        assert [m["id"] for m in line] == [m["id"] for m in s["members"]]
        for pos, (got, m) in enumerate(zip(line, s["members"], strict=True)):
            assert got["front"] == (pos == 0)
            assert (got["hp"], got["max_hp"]) == (m["hp"], m["max_hp"])
            assert got["shown_hp"] == str(m["hp"])
            pct = max(0.0, min(100.0, 100 * m["hp"] / m["max_hp"]))
            assert got["bar"][0] == m["hp"] and abs(got["bar"][1] - pct) < 0.01, (got, m)
            assert got["name"] == m["name"]
            for key in ("atk", "def", "spd", "mp", "ap", "reserve"):
                assert got[key] == m[key], (key, got, m)
            assert got["statuses"] == m["statuses"]
            assert got["badges"] == [f"{k}×{n}" if n > 1 or k != "挑発" else k
                                     for k, n in m["statuses"].items()]
            assert got["swords"] == [[c["code"], c["used"], c["executing"], c["executing"],
                                      c["start"], sorted(c["enchants"])] for c in m["swords"]]
            ex = m["executing"]
            assert got["vanished"] == ([ex["code"]] if ex and ex["vanished"] else [])
        assert shown["sides"][side]["exited"] == [[m["id"], m["hp"], m["overkill"]]
                                                  for m in s["exited"]]
    return shown


def find(steps: list[dict], kind: str, after: int = 1) -> dict:
    return next(s for s in steps if s["index"] >= after
                and any(e["kind"] == kind for e in s["events"]))
