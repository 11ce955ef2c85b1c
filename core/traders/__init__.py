"""Traders: a name bound to an exchange account, a strategy and (for ``ai``) a model config,
that runs on the job runtime. The record, its decisions, the repository port and the runtime."""
