"""Accounts, their sessions and failed log-ins, who sat where, ratings and their history
(issue 40).

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the account and rating tables (the tables of 0001 are not touched)."""
    op.create_table(
        "hand_accounts",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("name_key", sa.String(160), nullable=False, unique=True),
        sa.Column("password", sa.String(255), nullable=True),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("deleted", sa.Boolean, nullable=False),
    )
    op.create_table(
        "hand_sessions",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("hand_accounts.id"), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("expires_at", sa.Float, nullable=False),
    )
    op.create_index("ix_hand_sessions_account_id", "hand_sessions", ["account_id"])
    op.create_table(
        "hand_login_failures",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("key", sa.String(200), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("ix_hand_login_failures_key_at", "hand_login_failures", ["key", "at"])
    op.create_table(
        "hand_seat_accounts",
        sa.Column("table_id", sa.String(64), sa.ForeignKey("hand_tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("hand_accounts.id"), nullable=False),
    )
    op.create_index("ix_hand_seat_accounts_account_id", "hand_seat_accounts", ["account_id"])
    op.create_table(
        "hand_ratings",
        sa.Column("account_id", sa.Integer, sa.ForeignKey("hand_accounts.id"), primary_key=True),
        sa.Column("game", sa.String(40), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("matches", sa.Integer, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
    )
    op.create_table(
        "hand_rating_history",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("hand_accounts.id"), nullable=False),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("table_id", sa.String(64), sa.ForeignKey("hand_tables.id"), nullable=False),
        sa.Column("rank", sa.Integer, nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("ix_hand_rating_history_account_id", "hand_rating_history", ["account_id"])
    op.create_table(
        "hand_rated",
        sa.Column("table_id", sa.String(64), sa.ForeignKey("hand_tables.id"), primary_key=True),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    """Drop the account and rating tables."""
    op.drop_table("hand_rated")
    op.drop_index("ix_hand_rating_history_account_id", "hand_rating_history")
    op.drop_table("hand_rating_history")
    op.drop_table("hand_ratings")
    op.drop_index("ix_hand_seat_accounts_account_id", "hand_seat_accounts")
    op.drop_table("hand_seat_accounts")
    op.drop_index("ix_hand_login_failures_key_at", "hand_login_failures")
    op.drop_table("hand_login_failures")
    op.drop_index("ix_hand_sessions_account_id", "hand_sessions")
    op.drop_table("hand_sessions")
    op.drop_table("hand_accounts")
