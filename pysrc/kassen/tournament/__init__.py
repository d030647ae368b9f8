"""Tournaments (an application of the kernel): formats, schedules, jobs, workers, exports and
the HTML report."""
