"""``core.options.read``: options read once into a ruleset's frozen readings object."""

from __future__ import annotations

import dataclasses

import pytest

from kassen.core.options import flag, option, read, resolve


@dataclasses.dataclass(frozen=True, slots=True)
class Readings:
    cap: int
    enchant_consumed: bool = option("enchant_consumed_on_use")


SPECS = (flag("enchant_consumed_on_use", True, "使用で消費", "consumed on use", "§5.5.4"),)


def test_read_maps_keys_to_fields_and_freezes() -> None:
    values = {"cap": 7, "enchant_consumed_on_use": False}
    got = read(Readings, values)
    assert got == Readings(7, False)
    with pytest.raises(dataclasses.FrozenInstanceError):
        got.cap = 8  # type: ignore[misc]


def test_read_refuses_a_field_without_its_option() -> None:
    with pytest.raises(KeyError):
        read(Readings, {"cap": 1})


def test_flag_is_a_bool_option_that_parses_command_line_text() -> None:
    values, problems = resolve(SPECS, {"enchant_consumed_on_use": "off"})
    assert not problems and values == {"enchant_consumed_on_use": False}
    assert SPECS[0].kind == "bool" and SPECS[0].rule == "§5.5.4"


def test_equal_option_values_share_one_readings_and_unhashable_ones_read_afresh() -> None:
    """Readings are frozen, so battles under the same values share one object; other values
    get their own, and a value that cannot be hashed is still read (never refused)."""
    values = {"cap": 3, "enchant_consumed_on_use": True}
    first = read(Readings, values)
    assert read(Readings, dict(values)) is first
    assert read(Readings, {**values, "cap": 4}) == Readings(4, True)
    assert read(Readings, {**values, "cap": [4]}) == Readings([4], True)  # type: ignore[arg-type]
