"""Diagnosis: checks in a fixed order, error codes mapped to causes and next steps, pasted error
messages read, and the answer laid out as what happened / why / what to do now (zh + en).

The diagnosis skills (core.skills.diagnosis) run the checks; this package holds what they share
and what the renderers need, so it imports no skill.
"""
