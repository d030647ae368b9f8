"""The project's seeded random generator (design 4.3).

Every random draw of every ruleset goes through :class:`Rng`. The algorithm is xoshiro256**
written with plain integers and masks, so CPython 3.11 and Pyodide's 3.14 produce the same
stream bit for bit. A seed is a *string that names its algorithm*: ``"xo1:<text>"``. Version 1
expands ``<text>`` with SHA-256 into the 256-bit state, so any text is a valid seed.
"""

from __future__ import annotations

import hashlib
from collections.abc import MutableSequence, Sequence
from typing import Any, TypeVar

from kassen.core import i18n, messages  # noqa: F401  (registers the core catalogue)
from kassen.core.text import clip

T = TypeVar("T")

SEED_PREFIX = "xo1:"
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
    """Return the canonical seed string: ``"xo1:"`` + text. Bare text or numbers get the prefix.

    ``limit`` bounds the length of a seed someone gives; the streams the engine derives from a
    seed (``seed/label``) are not bounded (``None``), so no label can make a valid seed fail.
    """
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
        if algorithm != SEED_PREFIX:
            raise SeedError("seed_algorithm", algorithm=clip(algorithm[:-1], 20))
        return text
    return SEED_PREFIX + text


class Rng:
    """xoshiro256** seeded from a versioned seed string.

    ``derive(label)`` gives an independent child stream (used for AI policies, tournament seeds),
    so adding draws in one stream never shifts another.
    """

    __slots__ = ("_s", "seed")

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


class ScriptedRng(Rng):
    """A generator that returns given draws, for tests that force dice or deck orders.

    Each call to :meth:`below` takes the next scripted value (``0 <= v < n`` is checked, so a
    test that scripts an impossible roll fails loudly); ``die(6)`` of a scripted 3 gives 4,
    so script ``face - 1``, or use :meth:`faces`. When the script runs out, draws continue
    from the real stream of ``seed``.
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
