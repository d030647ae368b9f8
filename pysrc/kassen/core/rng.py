"""The project's seeded random generator (design 4.3).

Every random draw of every ruleset goes through :class:`Rng`. A seed is a *string that names
its algorithm*; any text after the prefix is a valid seed. Two formats exist:

- ``"xo1:<text>"`` — xoshiro256** written with plain integers and masks, its 256-bit state the
  SHA-256 of the whole seed string. A seed typed without a prefix (``--seed 42``, every old
  link) is an ``xo1`` seed, and ``xo1`` streams never change.
- ``"mt1:<text>"`` (:class:`MtRng`, issue 29) — the standard library's Mersenne Twister, the
  same C code in CPython and Pyodide, so it runs at C speed. Fresh seeds chosen by the page,
  the CLI and the bench set use it (:data:`FRESH_PREFIX`).

Both give the same numbers on CPython 3.11 and Pyodide's 3.14, on 64- and 32-bit builds (the
page's WebAssembly is a 32-bit build): see :class:`MtRng` for why ``mt1`` does.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import MutableSequence, Sequence
from typing import Any, TypeVar

from kassen.core import i18n, messages  # noqa: F401  (registers the core catalogue)
from kassen.core.text import clip

T = TypeVar("T")

XO_PREFIX = "xo1:"
MT_PREFIX = "mt1:"
SEED_PREFIX = XO_PREFIX
"""The format of a seed given without a prefix: links and typed seeds keep meaning what they
always meant."""
FRESH_PREFIX = MT_PREFIX
"""The format of seeds chosen fresh (the page's and the CLI's blank seed, the bench set)."""
ALGORITHMS = (XO_PREFIX, MT_PREFIX)
MASK64 = (1 << 64) - 1
MAX_SEED_LENGTH = 200
"""The longest seed a tournament or a build-lab run may be given."""
MAX_BATTLE_SEED_LENGTH = 256
"""The longest seed of one battle: room after a longest tournament or lab seed for the labels
they append to make a battle's seed (a job's ``/255v255/9999``, the lab's ``/rr``), so every
battle they play is read back from its record and its link."""


class SeedError(ValueError):
    """A seed that cannot be used; ``reason`` names the message that says why
    (``{"code": "core.seed_…", "args": {…}}``, shown in the reader's language)."""

    def __init__(self, key: str, **args: Any) -> None:
        self.reason: dict[str, Any] = {"code": f"core.{key}", "args": args}
        super().__init__(i18n.message(f"core.{key}", "en", **args))


def normalize_seed(seed: str | int, limit: int | None = MAX_SEED_LENGTH) -> str:
    """Return the canonical seed string: a known prefix (``xo1:``, ``mt1:``) + text. Bare text
    or numbers get :data:`SEED_PREFIX` (``xo1:``).

    ``limit`` bounds the length of a seed someone gives; the streams the engine derives from a
    seed (``seed/label``) are not bounded (``None``), so no label can make a valid seed fail.
    """
    if (limit is None and type(seed) is str and seed[:4] in ALGORITHMS and seed.isascii()
            and seed[-1] > " "):
        return seed  # canonical already (every stream a battle makes): nothing to strip
    if isinstance(seed, bool) or not isinstance(seed, (str, int)):
        raise SeedError("seed_type")
    if limit is not None and isinstance(seed, int) and seed.bit_length() > 4 * limit:
        raise SeedError("seed_too_long", limit=limit)
    text = str(seed).strip()
    if limit is not None and len(text) > limit:
        raise SeedError("seed_too_long", limit=limit)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise SeedError("seed_not_text") from None
    if ":" in text:
        algorithm = text.split(":", 1)[0] + ":"
        if algorithm not in ALGORITHMS:
            raise SeedError("seed_algorithm", algorithm=clip(algorithm[:-1], 20))
        return text
    return SEED_PREFIX + text


class Rng:
    """xoshiro256** seeded from a versioned seed string; ``Rng("mt1:…")`` makes an :class:`MtRng`.

    ``derive(label)`` gives an independent child stream (used for AI policies, tournament seeds),
    so adding draws in one stream never shifts another; the child keeps the parent's format.
    """

    __slots__ = ("_s", "seed")

    def __new__(cls, seed: str | int = "", *args: Any, **kwargs: Any) -> Rng:
        """The class of the seed's format: the prefix picks it, once per stream."""
        if cls is Rng and isinstance(seed, str) and seed.lstrip()[:4] == MT_PREFIX:
            return _new(MtRng)
        return _new(cls)

    def __init__(self, seed: str | int) -> None:
        self.seed = normalize_seed(seed, None)
        self._s: list[int] | None = None

    def _seeded(self) -> list[int]:
        """The state, expanded from the seed on first use (deterministic systems never pay)."""
        if self._s is None:
            digest = hashlib.sha256(self.seed.encode("utf-8")).digest()
            state = [int.from_bytes(digest[i : i + 8], "little") for i in range(0, 32, 8)]
            if not any(state):
                state[0] = 1
            self._s = state
        return self._s

    def next_u64(self) -> int:
        """The next raw 64-bit output.

        On the hot path of every random system: the state words are worked on as locals and
        the rotations written out (each Python integer operation on 64-bit values allocates).
        """
        s = self._s or self._seeded()
        s0, s1, s2, s3 = s
        x = (s1 * 5) & MASK64
        result = (((x << 7) | (x >> 57)) * 9) & MASK64  # rotl(s1 * 5, 7) * 9
        t = (s1 << 17) & MASK64
        s2 ^= s0
        s3 ^= s1
        s[0] = s0 ^ s3
        s[1] = s1 ^ s2
        s[2] = s2 ^ t
        s[3] = ((s3 << 45) | (s3 >> 19)) & MASK64  # rotl(s3, 45)
        return result

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` by rejection sampling (no modulo bias).

        The top ``bit_length(n - 1)`` bits of each output are taken until one is below ``n``;
        the generator step is written out here (the same as :meth:`next_u64`) so a draw
        costs one call, with the state in locals until the draw is accepted.
        """
        if n <= 1:
            if n == 1:
                return 0
            raise ValueError("below() needs n >= 1")
        shift = 64 - (n - 1).bit_length()
        s = self._s or self._seeded()
        s0, s1, s2, s3 = s
        while True:
            x = (s1 * 5) & MASK64
            value = ((((x << 7) | (x >> 57)) * 9) & MASK64) >> shift
            t = (s1 << 17) & MASK64
            s2 ^= s0
            s3 ^= s1
            s1 ^= s2
            s0 ^= s3
            s2 ^= t
            s3 = ((s3 << 45) | (s3 >> 19)) & MASK64
            if value < n:
                s[0], s[1], s[2], s[3] = s0, s1, s2, s3
                return value

    def randint(self, low: int, high: int) -> int:
        """A uniform integer in ``[low, high]``, both ends included."""
        return low + self.below(high - low + 1)

    def die(self, sides: int = 6) -> int:
        """One roll of a die with ``sides`` faces (1..sides)."""
        return 1 + self.below(sides)

    def choice(self, items: Sequence[T]) -> T:
        """One element of a non-empty sequence."""
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates shuffle in place: for ``i`` from the end, swap with ``below(i + 1)``.

        The draws are exactly those of :meth:`below`, with the generator written out and its
        state kept in locals for the whole shuffle (a deck of 40 takes about 55 outputs).
        """
        count = len(items)
        if count < 2:
            return
        shifts = _SHIFTS if count <= len(_SHIFTS) else [64 - i.bit_length() for i in range(count)]
        s = self._s or self._seeded()
        s0, s1, s2, s3 = s
        for i in range(count - 1, 0, -1):
            shift = shifts[i]
            while True:
                x = (s1 * 5) & MASK64
                j = ((((x << 7) | (x >> 57)) * 9) & MASK64) >> shift
                t = (s1 << 17) & MASK64
                s2 ^= s0
                s3 ^= s1
                s1 ^= s2
                s0 ^= s3
                s2 ^= t
                s3 = ((s3 << 45) | (s3 >> 19)) & MASK64
                if j <= i:
                    break
            items[i], items[j] = items[j], items[i]
        s[0], s[1], s[2], s[3] = s0, s1, s2, s3

    def derive(self, label: str) -> Rng:
        """An independent generator for a named sub-stream of this seed (``seed/label``).

        The decider derives one per decision, and most policies never draw from it: for a
        label of ASCII letters and digits the child is made without re-checking the seed
        (this seed is canonical, so :func:`normalize_seed` would return the text unchanged),
        and its state is expanded only if it is drawn from.
        """
        text = f"{self.seed}/{label}"
        if label.isascii() and label.isalnum():
            child = _new(Rng)
            child.seed = text
            child._s = None
            return child
        return Rng(text)

    def getstate(self) -> tuple[int, int, int, int]:
        """The full state, for snapshots."""
        return tuple(self._seeded())  # type: ignore[return-value]

    def setstate(self, state: Sequence[int]) -> None:
        """Restore a state taken by :meth:`getstate`."""
        self._s = [int(v) & MASK64 for v in state]


_new = object.__new__
_SHIFTS = tuple(64 - i.bit_length() for i in range(1024))
"""How far :meth:`Rng.shuffle` shifts an output to draw below ``i + 1`` (decks up to 1,024)."""
_MT_ORDERS: dict[int, tuple[tuple[int, int], ...]] = {}
"""List length → :func:`_mt_order` of it, for lengths up to 1,024."""


def _mt_order(count: int) -> tuple[tuple[int, int], ...]:
    """The ``(i, bits drawn for below(i + 1))`` pairs :meth:`MtRng.shuffle` walks for a list
    of ``count`` items, ``i`` from ``count - 1`` down to 1 (kept for lengths up to 1,024)."""
    order = tuple((i, i.bit_length()) for i in range(count - 1, 0, -1))
    if count <= 1024:
        _MT_ORDERS[count] = order
    return order


class MtRng(Rng):
    """The ``mt1`` format: Mersenne Twister (MT19937) from the standard library's C ``_random``.

    The state is ``random.Random(int.from_bytes(sha256(seed), "little"))`` — seeded with an
    int, never a str (str seeding has changed between versions), expanded on first draw. Draws
    go only through ``getrandbits(k)``, in C: :meth:`below` is rejection sampling on
    ``getrandbits(bit_length(n - 1))``, :meth:`shuffle` Fisher–Yates on :meth:`below`. Nothing in
    ``random``'s Python-level algorithms (``randrange``, ``shuffle``, ``choice``), which may
    change between 3.11 and 3.14, is used.

    Same numbers on 32- and 64-bit builds: MT19937 is defined on 32-bit words (CPython keeps its
    state as ``uint32_t[624]``); seeding by an int feeds ``init_by_array`` the int's 32-bit words
    from the least significant; ``getrandbits(k)`` for ``k <= 32`` is one output shifted right
    by ``32 - k``, and for larger ``k`` is 32-bit outputs filled from the least significant word.
    No step depends on the width of a C ``long`` (tests pin a known-answer vector, and the
    cross-runtime digest test plays ``mt1`` battles in Pyodide's 32-bit WebAssembly).
    """

    __slots__ = ("_r",)

    def __init__(self, seed: str | int) -> None:
        self.seed = normalize_seed(seed, None)
        self._r: random.Random | None = None

    def _random(self) -> random.Random:
        """The generator, seeded from the seed on first use (deterministic systems never pay)."""
        if self._r is None:
            digest = hashlib.sha256(self.seed.encode("utf-8")).digest()
            self._r = random.Random(int.from_bytes(digest, "little"))
        return self._r

    def next_u64(self) -> int:
        """The next raw 64-bit output (two 32-bit words, the first the low half)."""
        return (self._r or self._random()).getrandbits(64)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``: ``getrandbits(bit_length(n - 1))`` until below ``n``."""
        if n <= 1:
            if n == 1:
                return 0
            raise ValueError("below() needs n >= 1")
        k = (n - 1).bit_length()
        bits = (self._r or self._random()).getrandbits
        value = bits(k)
        while value >= n:
            value = bits(k)
        return value

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates in place: for ``i`` from the end, swap with ``below(i + 1)`` (the same
        draws as :meth:`below`, the bound method kept in a local, each ``i`` paired with its
        bit length in a table made once per length of list)."""
        count = len(items)
        if count < 2:
            return
        bits = (self._r or self._random()).getrandbits
        for i, k in _MT_ORDERS.get(count) or _mt_order(count):
            j = bits(k)
            while j > i:
                j = bits(k)
            items[i], items[j] = items[j], items[i]

    def derive(self, label: str) -> Rng:
        """An independent ``mt1`` generator for ``seed/label`` (as :meth:`Rng.derive`)."""
        text = f"{self.seed}/{label}"
        if label.isascii() and label.isalnum():
            child = _new(MtRng)
            child.seed = text
            child._r = None
            return child
        return MtRng(text)

    def getstate(self) -> tuple[Any, ...]:  # type: ignore[override]
        """The full state (``random.Random.getstate()``), for snapshots."""
        return self._random().getstate()

    def setstate(self, state: Sequence[Any]) -> None:
        """Restore a state taken by :meth:`getstate`."""
        restored = random.Random()
        restored.setstate(tuple(state))  # type: ignore[arg-type]
        self._r = restored


class ScriptedRng(Rng):
    """A generator that returns given draws, for tests that force dice or deck orders.

    Each call to :meth:`below` takes the next scripted value (``0 <= v < n`` is checked, so a
    test that scripts an impossible roll fails loudly); ``die(6)`` of a scripted 3 gives 4,
    so script ``face - 1``, or use :meth:`faces`. When the script runs out, draws continue
    from the xoshiro stream of ``seed`` (whatever its prefix: a test double, not a format).
    """

    __slots__ = ("script",)

    def __init__(self, draws: Sequence[int] = (), seed: str = "xo1:scripted") -> None:
        super().__init__(seed)
        self.script = list(draws)

    @classmethod
    def faces(cls, faces: Sequence[int], seed: str = "xo1:scripted") -> ScriptedRng:
        """Script die faces (1-based) instead of raw draws."""
        return cls([f - 1 for f in faces], seed)

    def below(self, n: int) -> int:
        """The next scripted draw, or a real one once the script is used up."""
        if self.script:
            value = self.script.pop(0)
            if not 0 <= value < n:
                raise AssertionError(f"scripted draw {value} is not below {n}")
            return value
        return super().below(n)

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates through :meth:`below`, so scripted draws order the deck."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def getstate(self) -> tuple[int, ...]:  # type: ignore[override]
        """State including the remaining script."""
        return (*super().getstate(), len(self.script), *self.script)

    def setstate(self, state: Sequence[int]) -> None:
        """Restore what :meth:`getstate` took."""
        super().setstate(state[:4])
        count = state[4] if len(state) > 4 else 0
        self.script = list(state[5 : 5 + count])
