"""CPU-time bounds for fuzz tests that are not fooled by a busy machine or by the runner."""

from __future__ import annotations

import gc
import time
from collections.abc import Iterator
from contextlib import contextmanager


class Elapsed:
    """Seconds of CPU time spent in a ``with cpu_time()`` block."""

    seconds: float = 0.0


@contextmanager
def cpu_time() -> Iterator[Elapsed]:
    """Measure the block's CPU time (``process_time``: other processes do not count) with the
    cyclic garbage collector paused (a full collection of the test runner's growing heap, as
    hypothesis keeps examples, is not time the code under test spent)."""
    elapsed = Elapsed()
    enabled = gc.isenabled()
    gc.disable()
    start = time.process_time()
    try:
        yield elapsed
    finally:
        elapsed.seconds = time.process_time() - start
        if enabled:
            gc.enable()
