"""The engine benchmark (an application of the kernel): timed battles per ruleset, and the
comparison against an earlier commit."""
