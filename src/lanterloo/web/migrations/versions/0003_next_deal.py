"""How long a finished deal's summary stays before the next deal (NULL: until every player presses "Next deal").

Revision ID: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # the tables made before this column dealt on at once: 0 keeps them so
    with op.batch_alter_table("loo_tables") as batch:
        batch.add_column(sa.Column("next_deal", sa.Integer(), nullable=True, server_default="0"))


def downgrade() -> None:
    with op.batch_alter_table("loo_tables") as batch:
        batch.drop_column("next_deal")
