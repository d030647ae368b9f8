"""core.i18n: every message exists in Japanese and English, none empty, same fields."""

from __future__ import annotations

import string

import pytest

from kassen.core import i18n, registry


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.fixture(scope="module", autouse=True)
def load_everything() -> None:
    import kassen.core.messages  # noqa: F401

    registry.all_rulesets()


def test_every_catalogue_has_both_languages_complete() -> None:
    assert "core" in i18n.namespaces()
    for namespace in i18n.namespaces():
        table = i18n.catalogue(namespace)
        ja, en = table["ja"], table["en"]
        assert set(ja) == set(en), (namespace, set(ja) ^ set(en))
        for key in ja:
            assert ja[key].strip() and en[key].strip(), (namespace, key)
            assert fields(ja[key]) == fields(en[key]), (namespace, key)


def test_unknown_fields_stay_visible_and_never_raise() -> None:
    assert i18n.format_template("a {b} {c}", {"b": 1}) == "a 1 {c}"
    assert i18n.format_template("broken {", {}) == "broken {"
    assert i18n.message("core.no_builds", "ja") == "ビルドがありません"
    assert i18n.message("core.no_builds", "fr") == "no builds given"
    assert i18n.message("nowhere.key", "en") == "nowhere.key"
