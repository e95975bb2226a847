"""The rules engine: one deal as a phase machine, its events, views and settlement."""
