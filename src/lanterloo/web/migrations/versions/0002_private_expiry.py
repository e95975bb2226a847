"""Private tables (an invite code, kept as its SHA-256) and the time a waiting table last moved (its expiry).

Revision ID: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("loo_tables") as batch:
        batch.add_column(sa.Column("private", sa.Boolean(), nullable=False, server_default=sa.false()))
        batch.add_column(sa.Column("invite_hash", sa.String(64), nullable=True))
        batch.add_column(sa.Column("touched", sa.Float(), nullable=True))
    op.create_index("ix_loo_tables_status", "loo_tables", ["status"])


def downgrade() -> None:
    op.drop_index("ix_loo_tables_status", "loo_tables")
    with op.batch_alter_table("loo_tables") as batch:
        batch.drop_column("touched")
        batch.drop_column("invite_hash")
        batch.drop_column("private")
