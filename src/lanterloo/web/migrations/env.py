"""Alembic's environment: the store hands over an open connection (``cfg.attributes["connection"]``)."""

from __future__ import annotations

from alembic import context

from lanterloo.web.store import Base

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
