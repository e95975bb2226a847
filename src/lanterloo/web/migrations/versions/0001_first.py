"""The first schema: tables, seats, deals (secret seed and commitment) and the action log.

Revision ID: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "loo_tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("title", sa.String(64), nullable=False),
        sa.Column("preset", sa.String(64), nullable=False),
        sa.Column("rules", sa.Text(), nullable=False),
        sa.Column("players", sa.Integer(), nullable=False),
        sa.Column("stack", sa.Integer(), nullable=False),
        sa.Column("max_deals", sa.Integer(), nullable=True),
        sa.Column("turn_seconds", sa.Integer(), nullable=True),
        sa.Column("session_seed", sa.BigInteger(), nullable=False),
        sa.Column("host_hash", sa.String(64), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("created", sa.Float(), nullable=False),
    )
    op.create_table(
        "loo_seats",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("loo_tables.id", ondelete="CASCADE"), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("style", sa.String(32), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True),
        sa.UniqueConstraint("table_id", "seat"),
    )
    op.create_index("ix_loo_seats_table_id", "loo_seats", ["table_id"])
    op.create_table(
        "loo_deals",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("loo_tables.id", ondelete="CASCADE"), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("seed", sa.String(64), nullable=False),
        sa.Column("commitment", sa.String(64), nullable=False),
        sa.Column("procedure", sa.String(64), nullable=False),
        sa.UniqueConstraint("table_id", "number"),
    )
    op.create_index("ix_loo_deals_table_id", "loo_deals", ["table_id"])
    op.create_table(
        "loo_actions",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("loo_tables.id", ondelete="CASCADE"), nullable=False),
        sa.Column("deal", sa.Integer(), nullable=False),
        sa.Column("step", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("action", sa.String(200), nullable=False),
        sa.UniqueConstraint("table_id", "deal", "step"),
    )
    op.create_index("ix_loo_actions_table_id", "loo_actions", ["table_id"])


def downgrade() -> None:
    op.drop_table("loo_actions")
    op.drop_table("loo_deals")
    op.drop_table("loo_seats")
    op.drop_table("loo_tables")
