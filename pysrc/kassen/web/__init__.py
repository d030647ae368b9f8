"""The engine's face to the page: JSON strings in, JSON strings out (runs in the worker)."""
