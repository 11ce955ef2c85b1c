"""The trading workspace's shared domain: exchange accounts and model configs (records and their
repository ports), the exchange and provider catalogs, the base of the record skills, and the
reading of workspace requests that every workspace skill's rule shares.

Skills (core.skills.*) build on this package; it imports no skill.
"""
