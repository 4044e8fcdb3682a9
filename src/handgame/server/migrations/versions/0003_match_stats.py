"""Each account's seat's summary of a finished match: rounds, rounds won, Hands, points and
books (issue 40, :mod:`handgame.server.match_stats`).

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create ``hand_match_stats`` (no other table is touched)."""
    op.create_table(
        "hand_match_stats",
        sa.Column("table_id", sa.String(64), sa.ForeignKey("hand_tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("hand_accounts.id"), nullable=False),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("ranked", sa.Boolean, nullable=False),
        sa.Column("rounds", sa.Integer, nullable=False),
        sa.Column("rounds_won", sa.Integer, nullable=False),
        sa.Column("hands", sa.Integer, nullable=False),
        sa.Column("points", sa.Integer, nullable=False),
        sa.Column("clean_books", sa.Integer, nullable=False),
        sa.Column("dirty_books", sa.Integer, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("ix_hand_match_stats_account_id", "hand_match_stats", ["account_id"])


def downgrade() -> None:
    """Drop ``hand_match_stats``."""
    op.drop_index("ix_hand_match_stats_account_id", "hand_match_stats")
    op.drop_table("hand_match_stats")
