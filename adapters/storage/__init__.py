"""Storage adapter: SQLAlchemy (async) tables, engine, the StateStore and Alembic helpers."""
