"""Deterministic routing: text -> (skill, action, slots) without any model call."""
