"""`make bench`: performance figures, printed as a table (a benchmark, not timed tests)."""
