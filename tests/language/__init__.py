"""Tests of the language layer (core.language)."""
