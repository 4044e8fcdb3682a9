"""Optional accounts (issue 40): a name and a password, sessions kept in the database.

A password is stored as its Argon2id hash (argon2-cffi), never itself; a session is a random
token given to the browser as an HttpOnly cookie, and stored as its SHA-256 only, with when it
runs out: every process of a cluster reads the same rows, and a restart keeps them. Log-in is
throttled per name and per address from the failures stored in the database (so the cluster's
processes count together): :data:`NAME_FAILURES` failed log-ins of a name, or
:data:`ADDRESS_FAILURES` from an address, within :data:`WINDOW` seconds, and the next try is
refused until the oldest of them leaves the window. An unknown name and a wrong password get
the same answer (:class:`LoginRefused`), and cost the same work (a hash is checked either way).

Deleting an account keeps its games: its name becomes :data:`DELETED` (in its tables' seats
too), its password and sessions go, and the name is free again.
"""

from __future__ import annotations

import hashlib
import secrets
import time
import unicodedata
from dataclasses import dataclass
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import (
    Boolean,
    Column,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Table,
    delete,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from handgame.server.storage import metadata, tables_table

#: a deleted account's name, everywhere it showed
DELETED = "deleted player"

#: failed log-ins of one name, and from one address, within :data:`WINDOW` seconds
NAME_FAILURES = 5
ADDRESS_FAILURES = 20
WINDOW = 15 * 60.0

#: how long a session lasts (seconds): 30 days
SESSION_SECONDS = 30 * 24 * 3600.0

#: the session cookie's name
COOKIE = "hand_session"

#: a name: 2 to 24 letters or digits of any script, with ``_``, ``.`` or ``-`` inside (no
#: space, no markup, no quote)
MIN_NAME, MAX_NAME, INSIDE = 2, 24, frozenset("._-")
MIN_PASSWORD, MAX_PASSWORD = 8, 256

accounts_table = Table(
    "hand_accounts",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(40), nullable=False),
    Column("name_key", String(160), nullable=False, unique=True),
    Column("password", String(255), nullable=True),  # the Argon2id hash; null once deleted
    Column("created_at", Float, nullable=False),
    Column("deleted", Boolean, nullable=False),
)

sessions_table = Table(
    "hand_sessions",
    metadata,
    Column("id", String(64), primary_key=True),  # sha256 of the session token
    Column("account_id", Integer, ForeignKey("hand_accounts.id"), nullable=False, index=True),
    Column("created_at", Float, nullable=False),
    Column("expires_at", Float, nullable=False),
)

failures_table = Table(
    "hand_login_failures",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("key", String(200), nullable=False),  # "name:KEY" or "address:SHA256"
    Column("at", Float, nullable=False),
    Index("ix_hand_login_failures_key_at", "key", "at"),
)

# which account held which seat of a table (its match history)
seat_accounts_table = Table(
    "hand_seat_accounts",
    metadata,
    Column("table_id", String(64), ForeignKey("hand_tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True, autoincrement=False),
    Column("account_id", Integer, ForeignKey("hand_accounts.id"), nullable=False, index=True),
)


class AccountRefused(ValueError):
    """A request about an account that cannot be done (``code``: an HTTP status)."""

    def __init__(self, message: str, code: int = 422) -> None:
        """The refusal's message and HTTP status."""
        super().__init__(message)
        self.code = code


class LoginRefused(AccountRefused):
    """A wrong name or password: one answer for both (401)."""

    def __init__(self) -> None:
        """The one message."""
        super().__init__("wrong name or password", 401)


class Throttled(AccountRefused):
    """Too many failed log-ins of the name or from the address (429)."""

    def __init__(self, seconds: float) -> None:
        """How long until the next try is taken."""
        super().__init__(
            f"too many failed log-ins: try again in {max(1, round(seconds))} seconds", 429
        )
        self.retry_after = max(1, round(seconds))


@dataclass(frozen=True)
class Account:
    """A logged-in account: its id and name."""

    id: int
    name: str


def name_key(name: str) -> str:
    """The form two names are compared in (``Ali`` and ``ali`` are one name)."""
    return unicodedata.normalize("NFKC", name).casefold()


def check_name(name: Any) -> str:
    """A name as given, or :class:`AccountRefused`."""
    if not isinstance(name, str) or not fits(unicodedata.normalize("NFKC", name)):
        raise AccountRefused(
            "a name: 2 to 24 letters or digits (any script), with . _ - inside; no spaces"
        )
    return unicodedata.normalize("NFKC", name)


def fits(name: str) -> bool:
    """Whether a name is 2 to 24 letters or digits, with ``. _ -`` inside only.

    >>> [fits(n) for n in ("Layla", "ليلى", "a.b-c_d", "-ab", "a b", "<b>", "x")]
    [True, True, True, False, False, False, False]
    """
    return (
        MIN_NAME <= len(name) <= MAX_NAME
        and name[0].isalnum()
        and name[-1].isalnum()
        and all(ch.isalnum() or ch in INSIDE for ch in name)
    )


def check_password(password: Any) -> str:
    """A new password as given, or :class:`AccountRefused`."""
    if not isinstance(password, str) or not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise AccountRefused(f"a password: {MIN_PASSWORD} to {MAX_PASSWORD} characters")
    return password


def session_hash(token: str) -> str:
    """The stored form of a session token."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def address_key(address: str | None) -> str:
    """The failures' key of an address (its hash: addresses are not stored)."""
    return "address:" + hashlib.sha256((address or "-").encode()).hexdigest()


class Accounts:
    """The accounts of one database; every method is a short transaction (blocking: the
    server runs them on its database threads)."""

    def __init__(self, engine: Engine, hasher: PasswordHasher | None = None) -> None:
        """Accounts in the database of ``engine`` (its schema made by the migrations)."""
        self.engine = engine
        self.hasher = hasher or PasswordHasher()
        # a hash checked for an unknown name, so that it costs what a known one does
        self.dummy = self.hasher.hash(secrets.token_hex(16))

    # --- registering, logging in and out ------------------------------------------------------
    def register(self, name: Any, password: Any) -> tuple[Account, str]:
        """A new account, logged in: it and its session token."""
        name = check_name(name)
        password = check_password(password)
        hashed = self.hasher.hash(password)
        now = time.time()
        try:
            with self.engine.begin() as conn:
                done = conn.execute(
                    insert(accounts_table).values(
                        name=name,
                        name_key=name_key(name),
                        password=hashed,
                        created_at=now,
                        deleted=False,
                    )
                )
                assert done.inserted_primary_key is not None
                account = Account(int(done.inserted_primary_key[0]), name)
        except IntegrityError:
            raise AccountRefused("that name is taken", 409) from None
        return account, self.new_session(account.id)

    def login(self, name: Any, password: Any, address: str | None) -> tuple[Account, str]:
        """Log in: the account and a new session token; :class:`Throttled` or
        :class:`LoginRefused` (the same for an unknown name and a wrong password)."""
        key = "name:" + (name_key(name)[:150] if isinstance(name, str) else "")
        by_address = address_key(address)
        now = time.time()
        self.check_throttle(key, by_address, now)
        row = None
        if isinstance(name, str) and isinstance(password, str) and len(password) <= MAX_PASSWORD:
            with self.engine.connect() as conn:
                row = conn.execute(
                    select(accounts_table.c.id, accounts_table.c.name, accounts_table.c.password)
                    .where(accounts_table.c.name_key == name_key(name))
                    .where(accounts_table.c.deleted.is_(False))
                ).one_or_none()
        if row is None or not self.verify(row.password, password):
            with self.engine.begin() as conn:
                conn.execute(
                    insert(failures_table),
                    [{"key": key, "at": now}, {"key": by_address, "at": now}],
                )
                conn.execute(delete(failures_table).where(failures_table.c.at < now - WINDOW))
            raise LoginRefused
        with self.engine.begin() as conn:
            conn.execute(delete(failures_table).where(failures_table.c.key == key))
        if self.hasher.check_needs_rehash(row.password):
            self.set_password(int(row.id), password)
        return Account(int(row.id), row.name), self.new_session(int(row.id))

    def verify(self, hashed: str | None, password: Any) -> bool:
        """Whether ``password`` is the one of ``hashed`` (a dummy hash when there is none)."""
        try:
            return bool(self.hasher.verify(hashed or self.dummy, str(password))) and bool(hashed)
        except (VerificationError, InvalidHashError):
            return False

    def check_throttle(self, key: str, by_address: str, now: float) -> None:
        """:class:`Throttled` when the name or the address has failed too often lately."""
        with self.engine.connect() as conn:
            for k, most in ((key, NAME_FAILURES), (by_address, ADDRESS_FAILURES)):
                times = conn.execute(
                    select(failures_table.c.at)
                    .where(failures_table.c.key == k)
                    .where(failures_table.c.at >= now - WINDOW)
                    .order_by(failures_table.c.at.desc())
                    .limit(most)
                ).all()
                if len(times) >= most:
                    raise Throttled(float(times[-1][0]) + WINDOW - now)

    def new_session(self, account_id: int) -> str:
        """A new session of an account: its token (only its hash is stored)."""
        token = secrets.token_urlsafe(32)
        now = time.time()
        with self.engine.begin() as conn:
            conn.execute(
                insert(sessions_table).values(
                    id=session_hash(token),
                    account_id=account_id,
                    created_at=now,
                    expires_at=now + SESSION_SECONDS,
                )
            )
        return token

    def session(self, token: str | None) -> Account | None:
        """The account of a session token that has not run out, or None."""
        if not token or len(token) > 200:
            return None
        return session_account(self.engine, session_hash(token))

    def logout(self, token: str | None) -> None:
        """End a session."""
        if token:
            with self.engine.begin() as conn:
                conn.execute(
                    delete(sessions_table).where(sessions_table.c.id == session_hash(token))
                )

    # --- changing and deleting ----------------------------------------------------------------
    def check(self, account: Account, password: Any) -> None:
        """:class:`AccountRefused` (403) unless ``password`` is the account's."""
        with self.engine.connect() as conn:
            hashed = conn.execute(
                select(accounts_table.c.password).where(accounts_table.c.id == account.id)
            ).scalar_one_or_none()
        if not self.verify(hashed, password):
            raise AccountRefused("wrong password", 403)

    def set_password(self, account_id: int, password: str) -> None:
        """Store a new password's hash."""
        with self.engine.begin() as conn:
            conn.execute(
                update(accounts_table)
                .where(accounts_table.c.id == account_id)
                .values(password=self.hasher.hash(password))
            )

    def change_password(self, account: Account, old: Any, new: Any, keep: str | None) -> None:
        """A new password (the old one given); every other session of the account ends."""
        new = check_password(new)
        self.check(account, old)
        self.set_password(account.id, new)
        with self.engine.begin() as conn:
            query = delete(sessions_table).where(sessions_table.c.account_id == account.id)
            if keep:
                query = query.where(sessions_table.c.id != session_hash(keep))
            conn.execute(query)

    def delete(self, account: Account, password: Any) -> None:
        """Delete an account (its password given): its games stay, its name becomes
        :data:`DELETED` in them, its sessions end."""
        self.check(account, password)
        with self.engine.begin() as conn:
            conn.execute(
                update(accounts_table)
                .where(accounts_table.c.id == account.id)
                .values(name=DELETED, name_key=f"deleted:{account.id}", password=None, deleted=True)
            )
            conn.execute(delete(sessions_table).where(sessions_table.c.account_id == account.id))
            seats = conn.execute(
                select(seat_accounts_table.c.table_id, seat_accounts_table.c.seat).where(
                    seat_accounts_table.c.account_id == account.id
                )
            ).all()
            for table_id, seat in seats:
                config = conn.execute(
                    select(tables_table.c.config).where(tables_table.c.id == table_id)
                ).scalar_one()
                config = dict(config)
                config["seats"] = [dict(s) for s in config["seats"]]
                config["seats"][seat]["name"] = DELETED
                conn.execute(
                    update(tables_table).where(tables_table.c.id == table_id).values(config=config)
                )
            # the tables not finished yet (no history row): their seats of this account too
            unfinished = conn.execute(
                select(tables_table.c.id, tables_table.c.config).where(
                    tables_table.c.finished.is_(False)
                )
            ).all()
            for table_id, config in unfinished:
                renamed = renamed_seats(config, account.id)
                if renamed is not None:
                    conn.execute(
                        update(tables_table)
                        .where(tables_table.c.id == table_id)
                        .values(config=renamed)
                    )

    def name_of(self, account_id: int) -> str | None:
        """An account's name (None: no such account)."""
        with self.engine.connect() as conn:
            name = conn.execute(
                select(accounts_table.c.name).where(accounts_table.c.id == account_id)
            ).scalar_one_or_none()
        return None if name is None else str(name)

    def find(self, name: str) -> Account | None:
        """The account of a name (not deleted), or None."""
        with self.engine.connect() as conn:
            row = conn.execute(
                select(accounts_table.c.id, accounts_table.c.name)
                .where(accounts_table.c.name_key == name_key(name))
                .where(accounts_table.c.deleted.is_(False))
            ).one_or_none()
        return None if row is None else Account(int(row.id), row.name)

    def count(self) -> int:
        """How many accounts there are (deleted ones too)."""
        with self.engine.connect() as conn:
            return int(conn.execute(select(func.count()).select_from(accounts_table)).scalar_one())


def renamed_seats(config: dict[str, Any], account_id: int) -> dict[str, Any] | None:
    """A table's stored config with the seats of ``account_id`` named :data:`DELETED` (None:
    it has no such seat)."""
    seats = [dict(s) for s in config.get("seats", [])]
    mine = [s for s in seats if s.get("account") == account_id]
    if not mine:
        return None
    for s in mine:
        s["name"] = DELETED
    return {**config, "seats": seats}


def session_account(engine: Engine, hashed: Any) -> Account | None:
    """The account of a session by its stored hash (:func:`session_hash`), if the session has
    not run out and the account is not deleted; None otherwise (anything else given: None).
    A cluster's process reads a join forwarded by another with it (docs/web-protocol.md)."""
    if not isinstance(hashed, str) or len(hashed) != 64:
        return None
    with engine.connect() as conn:
        row = conn.execute(
            select(accounts_table.c.id, accounts_table.c.name)
            .select_from(
                sessions_table.join(
                    accounts_table, sessions_table.c.account_id == accounts_table.c.id
                )
            )
            .where(sessions_table.c.id == hashed)
            .where(sessions_table.c.expires_at > time.time())
            .where(accounts_table.c.deleted.is_(False))
        ).one_or_none()
    return None if row is None else Account(int(row.id), row.name)
