"""The schema the server made before Alembic (release 0.1.0): tables, steps, presence, hosts.

A database made by that release has these tables already and no ``alembic_version``: this
revision then creates nothing (a database older still gets its ``hand_steps.at`` column), so
``alembic upgrade head`` takes it to the newest schema with its tables and games as they are.

Revision ID: 0001
Revises:
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the four tables of release 0.1.0, each unless it is there (module docstring)."""
    found = sa.inspect(op.get_bind())
    there = set(found.get_table_names())
    if "hand_tables" not in there:
        op.create_table(
            "hand_tables",
            sa.Column("id", sa.String(64), primary_key=True),
            sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
            sa.Column("config", sa.JSON, nullable=False),
            sa.Column("seed", sa.String(128), nullable=False),
            sa.Column("version", sa.Integer, nullable=False),
            sa.Column("finished", sa.Boolean, nullable=False),
        )
    if "hand_steps" not in there:
        op.create_table(
            "hand_steps",
            sa.Column("table_id", sa.String(64), sa.ForeignKey("hand_tables.id"), primary_key=True),
            sa.Column("version", sa.Integer, primary_key=True, autoincrement=False),
            sa.Column("kind", sa.String(16), nullable=False),
            sa.Column("seat", sa.Integer, nullable=True),
            sa.Column("client_id", sa.String(128), nullable=True),
            sa.Column("data", sa.JSON, nullable=False),
            sa.Column("at", sa.Float, nullable=True),
        )
    elif "at" not in {c["name"] for c in found.get_columns("hand_steps")}:
        # a database older still: its steps' times (null for those stored before)
        op.add_column("hand_steps", sa.Column("at", sa.Float, nullable=True))
    if "hand_presence" not in there:
        op.create_table(
            "hand_presence",
            sa.Column("table_id", sa.String(64), sa.ForeignKey("hand_tables.id"), primary_key=True),
            sa.Column("away", sa.JSON, nullable=False),
            sa.Column("timer", sa.JSON, nullable=True),
        )
    if "hand_hosts" not in there:
        op.create_table(
            "hand_hosts",
            sa.Column("table_id", sa.String(64), sa.ForeignKey("hand_tables.id"), primary_key=True),
            sa.Column("address", sa.String(64), nullable=False),
        )
        op.create_index("ix_hand_hosts_address", "hand_hosts", ["address"])


def downgrade() -> None:
    """Drop the four tables (and everything in them)."""
    op.drop_index("ix_hand_hosts_address", "hand_hosts")
    for name in ("hand_hosts", "hand_presence", "hand_steps", "hand_tables"):
        op.drop_table(name)
