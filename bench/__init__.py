"""Benchmarks: ``make bench`` runs ``bench/run.py``. A package so the smoke test can import the harness."""
