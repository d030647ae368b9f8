"""Replay files (issue 16, "Replay files"): the bundler, the step storage, the file itself.

The file is checked as text here (one script and one style, each allowed by its SHA-256 in a
CSP that allows nothing else; no markup that could load anything; user text cannot close the
data block; under 300 KB for every ruleset's sample battle); the page's worker call and the
command line write the same bytes; the browser half (``static/js/replay-steps.js``) is run
under Node, when there is one, against the Python encoder. ``e2e/test_replay_file.py`` plays
the files in Chromium.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kassen.cli import main as cli_main
from kassen.core import registry, session
from kassen.core.links import build_link
from kassen.replay import bundle as jsbundle
from kassen.replay import file as replay_html
from kassen.replay import steps as replay_steps
from kassen.rulesindex import disk as rulesindex
from kassen.web import api
from kassen.web.battle_api import battle_payload

ROOT = Path(__file__).resolve().parent.parent
NODE = shutil.which("node")
SITE = "https://kassen.example/app/"
EVIL = ["</script><svg onload=__pwned=2>", "<!--<script>__pwned=4</script>"]
FILES = replay_html.repo_files()


def sample_battle(system: str, seed: str = "xo1:replay-size") -> dict:
    """Samples 1 and 2 of a system under the default options, as the page plays them."""
    samples = [s.text for s in registry.get(system).samples]
    prepared = session.prepare(system, [samples[0], samples[1 % len(samples)]], {}, seed)
    return battle_payload(session.run(prepared, views=True))


def data_of(html: str) -> dict:
    """The battle data a replay file carries (its JSON block, unpacked)."""
    block = re.search(r'<script type="application/json" id="replay-data">(.*?)</script>', html,
                      re.S).group(1)
    return json.loads(replay_steps.unpack(json.loads(block)["packed"]))


def same_json(a: object, b: object) -> bool:
    return json.dumps(a, ensure_ascii=False) == json.dumps(b, ensure_ascii=False)


def as_js(value: object) -> object:
    """A JSON value as a browser holds it (one number type: ``0.0`` is ``0``)."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, dict):
        return {k: as_js(v) for k, v in value.items()}
    if isinstance(value, list):
        return [as_js(v) for v in value]
    return value


def run_node(script: str, data: object) -> object:
    """Run an ES module script under Node with ``data`` as ``globalThis.data``; its stdout."""
    code = ('import { readFileSync } from "node:fs";\n'
            'globalThis.data = JSON.parse(readFileSync(0, "utf8"));\n' + script)
    out = subprocess.run([NODE, "--input-type=module", "-e", code], input=json.dumps(data),
                         capture_output=True, text=True, encoding="utf-8", cwd=ROOT, timeout=600)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


JSON = st.recursive(st.none() | st.booleans() | st.integers(-5, 5) | st.text(max_size=3),
                    lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.sampled_from("abcd1"), inner, max_size=4), max_leaves=12)


@settings(max_examples=300, deadline=None)
@given(JSON, JSON)
def test_a_patch_makes_the_new_value_with_its_key_order(old: object, new: object) -> None:
    """Storage: applying ``patch(old, new)`` to ``old`` gives ``new`` exactly (types, key
    order: a browser lists keys in that order)."""
    change = replay_steps.patch(old, new)
    got = old if change is None else replay_steps.apply_patch(old, change)
    assert same_json(got, new)


@pytest.mark.parametrize("system", registry.ids())
def test_steps_read_back_exactly_in_python_and_in_the_browser_code(system: str) -> None:
    """Storage: every step (events, texts ja/en, view, label) of a sample battle comes back
    from the file's form the same, in Python and in ``replay-steps.js``."""
    steps = sample_battle(system)["steps"]
    encoded = replay_steps.encode_steps(steps)
    assert same_json(replay_steps.decode_steps(encoded), steps)
    if NODE:
        script = ('import { decodeSteps } from "./static/js/replay-steps.js";\n'
                  "console.log(JSON.stringify(decodeSteps(globalThis.data)));")
        assert same_json(run_node(script, encoded), as_js(steps))


def test_pack_reads_back_with_characters_outside_the_bmp() -> None:
    """Storage: a back-reference counts UTF-16 units as a browser does (a name with 😀)."""
    text = ("😀 Balancer → Fortress: 213 damage; " * 5) + "the end 😀𝒜" + ("xyz 😀 " * 9)
    tokens = replay_steps.pack(text)
    assert any(isinstance(t, int) for t in tokens) and replay_steps.unpack(tokens) == text
    if NODE:
        script = ('import { unpack } from "./static/js/replay-steps.js";\n'
                  "console.log(JSON.stringify(unpack(globalThis.data)));")
        assert run_node(script, tokens) == text


@pytest.mark.parametrize("system", registry.ids())
def test_replay_file_of_a_sample_battle_is_under_300_kb(system: str) -> None:
    """Issue 16: a typical battle's file stays under 300 KB (printed per ruleset)."""
    battle = sample_battle(system)
    html = replay_html.replay_html(battle, FILES, rulesindex.why_index(system), SITE)
    size = len(html.encode())
    print(f"replay file, {system} sample battle ({len(battle['steps'])} steps): {size:,} bytes")
    assert size < replay_html.MAX_BYTES


def test_file_allows_only_its_own_script_and_style_by_hash() -> None:
    """Issue 16: one inline script and one inline style, each allowed by its SHA-256; the
    CSP allows nothing else; nothing in the markup loads anything; the data is JSON."""
    html = replay_html.replay_html(sample_battle("cardduel"), FILES,
                                   rulesindex.why_index("cardduel"), SITE)
    csp = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', html).group(1)
    scripts = re.findall(r"<script>(.*?)</script>", html, re.S)
    styles = re.findall(r"<style>(.*?)</style>", html, re.S)
    assert len(scripts) == 1 and len(styles) == 1
    sha = lambda text: base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()  # noqa: E731
    assert csp == (f"default-src 'none'; script-src 'sha256-{sha(scripts[0])}'; "
                   f"style-src 'sha256-{sha(styles[0])}'; base-uri {SITE}; form-action 'none'")
    markup = re.sub(r"<script[^>]*>.*?</script>|<style>.*?</style>", "", html, flags=re.S)
    assert not re.search(r"\ssrc=|<link|<img|<iframe|<object", markup)
    assert "url(" not in styles[0] and "@import" not in styles[0]
    assert len(re.findall(r"<script\b", html)) == 2
    data = data_of(html)
    assert data["battle"]["link"].startswith("#m=") and data["site"] == SITE
    assert f'href="{SITE}{data["battle"]["link"]}"' in html


def test_hostile_names_cannot_close_the_data_block() -> None:
    """Issue 16: user text (build names) stays data: no ``</`` or ``<!--`` in the JSON block,
    and the names come back intact."""
    samples = [s.text for s in registry.get("dice").samples]
    sides = [f"name: {n}\n{samples[i].split(chr(10), 1)[1]}" for i, n in enumerate(EVIL)]
    battle = battle_payload(session.run(session.prepare("dice", sides, {}, "xo1:evil"),
                                        views=True))
    html = replay_html.replay_html(battle, FILES, rulesindex.why_index("dice"), None)
    block = html.split('id="replay-data">', 1)[1].split("</script>", 1)[0]
    assert "<" not in block
    names = [s["members"][0]["name"] for s in data_of(html)["battle"]["sides"]]
    assert names == EVIL
    markup = re.sub(r"<script[^>]*>.*?</script>|<style>.*?</style>", "", html, flags=re.S)
    assert html.count("<script") == 2 and "onload" not in markup and "__pwned" not in markup


def test_command_line_and_worker_write_the_same_file(tmp_path: Path) -> None:
    """Issue 16: ``replay LINK --html FILE --site URL`` writes what the page's worker call
    (``replay_file``, given the page's own texts and why index) answers."""
    battle = sample_battle("marguerite")
    out = tmp_path / "replay.html"
    assert cli_main(["replay", battle["link"], "--html", str(out), "--site", SITE]) == 0
    files = {p: t for p, t in FILES.items() if replay_html.is_site_file(p)}
    answer = json.loads(api.replay_file(battle["link"], json.dumps(files),
                                        json.dumps(rulesindex.why_index("marguerite")), SITE))
    assert answer["ok"], answer
    assert out.read_text(encoding="utf-8") == answer["html"]
    again = data_of(answer["html"])["battle"]
    assert same_json(replay_steps.decode_steps(again["steps_encoded"]), battle["steps"])


def test_bad_site_or_link_gives_a_clear_message(tmp_path: Path, capsys) -> None:
    """Bad input gets a located message and writes nothing (common brief)."""
    battle = sample_battle("marguerite")
    out = tmp_path / "x.html"
    assert cli_main(["replay", battle["link"], "--html", str(out), "--site", "ja vascript:"]) == 2
    assert "--site" in capsys.readouterr().err and not out.exists()
    build = build_link("marguerite", registry.get("marguerite").samples[0].text, {})
    assert cli_main(["replay", build, "--html", str(out)]) == 2
    assert "--html" in capsys.readouterr().err and not out.exists()
    answer = json.loads(api.replay_file("#b=xyz", "{}", "{}", ""))
    assert answer["ok"] is False and answer["problems"]


# -- the bundler ----------------------------------------------------------------------------

MODULES = {
    "static/js/main.js": (
        'import { twice, name as label } from "./lib/util.js";\n'
        'import * as words from "./words.js";\n'
        "// import { nothing } from \"./not-a-module.js\";\n"
        'const text = "import x from \'./nope.js\'; export let y";\n'
        "export const css = \"static/css/x.css\";\n"
        "export async function show(id) {\n"
        "  const view = await import(`./rulesets/${id}/view.js`);\n"
        "  const parts = [label, twice(2), words.hello + words.double(3), view.render()];\n"
        "  return `${parts.join(':')}:${text.length}`;\n"
        "}\n"
        "show(globalThis.ruleset).then((s) => console.log(JSON.stringify(s)));\n"),
    "static/js/lib/util.js": ("export function twice(n) { return 2 * n; }\n"
                              "const name = 'util';\nexport { name };\n"),
    "static/js/words.js": ('export { twice as double } from "./lib/util.js";\n'
                           'export const hello = "hi";\n'),
    "static/js/rulesets/dice/view.js": 'export const render = () => "dice view";\n',
    "static/js/rulesets/skirmish/view.js": 'export const render = () => "skirmish view";\n',
}


def test_bundle_follows_imports_and_keeps_only_the_battles_ruleset() -> None:
    """The bundler follows static imports, re-exports and a templated ``import(…)`` (after
    the views move to ``static/js/rulesets/<id>/``), keeps only the battle's ruleset's view,
    and leaves strings and comments alone."""
    script, order = jsbundle.bundle("static/js/main.js", MODULES, replay_html._keeps("dice"))
    assert "static/js/rulesets/dice/view.js" in order
    assert "static/js/rulesets/skirmish/view.js" not in order
    assert "not-a-module" not in script and "import x from './nope.js'; export let y" in script
    if NODE:
        out = subprocess.run([NODE, "-e", f"globalThis.ruleset = 'dice';\n{script}"],
                             capture_output=True, text=True, timeout=600)
        assert out.returncode == 0, out.stderr
        length = len("import x from './nope.js'; export let y")
        assert json.loads(out.stdout) == f"util:4:hi6:dice view:{length}"


@pytest.mark.parametrize(("source", "says"), [
    ("export default 1;\n", "default export"),
    ("export let n = 1;\n", "live binding"),
    ('import x from "./a.js";\n', "default import"),
    ('import { a } from "./missing.js";\n', "module not found: static/js/missing.js"),
    ('import { a } from "./b.js";\nexport const c = 1;\n', "import cycle"),
])
def test_bundle_refuses_what_it_cannot_keep_naming_the_module(source: str, says: str) -> None:
    """What the bundler cannot follow is refused with the module's name, never bundled
    wrongly."""
    files = {"static/js/a.js": source, "static/js/b.js": 'import { c } from "./a.js";\n'}
    with pytest.raises(jsbundle.BundleError, match=re.escape(says)):
        jsbundle.bundle("static/js/a.js", files)


def test_the_viewer_bundles_from_the_repository() -> None:
    """The replay entry's graph: the battle view, its why panel, the battle's own view and
    none of another ruleset's; the set-up's options stand in."""
    _, order = jsbundle.bundle(replay_html.ENTRY, FILES, replay_html._keeps("skirmish"),
                               replay_html.stubs("skirmish", FILES))
    assert {"static/js/battle.js", "static/js/why.js", "static/js/replay-steps.js"} <= set(order)
    assert any("skirmish" in p for p in order)
    assert not any(other in p for p in order for other in ("dice", "marguerite", "cardduel"))
