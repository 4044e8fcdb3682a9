"""Optional accounts (issue 40): register, log in and out, change the password, delete; the
security points: throttled log-ins (docs/operations.md's figures), one answer for an unknown
name and a wrong password, the cookie's flags, posts refused from other origins, names that
would be markup or SQL refused, sessions that outlive a restart."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import create_engine, func, select

from account_helpers import ORIGIN, get, post, register, session_of
from handgame.server.accounts import ADDRESS_FAILURES, NAME_FAILURES, accounts_table
from server_helpers import client


def test_register_log_out_log_in_change_the_password(tmp_path: Path) -> None:
    with client(tmp_path / "a.sqlite") as c:
        session = register(c, "Layla")
        assert get(c, "/api/account", session).json() == {"name": "Layla"}
        assert get(c, "/api/account").json() == {"name": None}  # a guest
        # the name is taken, whatever its case
        again = post(c, "/api/account/register", {"name": "layla", "password": "x" * 9})
        assert again.status_code == 409
        out = post(c, "/api/account/logout", {}, session)
        assert out.status_code == 200
        assert get(c, "/api/account", session).json() == {"name": None}
        bad = post(c, "/api/account/login", {"name": "Layla", "password": "wrong one"})
        assert bad.status_code == 401
        good = post(c, "/api/account/login", {"name": "LAYLA", "password": "correct horse"})
        assert good.status_code == 200 and good.json() == {"name": "Layla"}
        session = session_of(good)
        other = session_of(
            post(c, "/api/account/login", {"name": "Layla", "password": "correct horse"})
        )
        changed = post(
            c, "/api/account/password", {"old": "correct horse", "new": "new password"}, session
        )
        assert changed.status_code == 200
        # the other session ended; this one goes on
        assert get(c, "/api/account", other).json() == {"name": None}
        assert get(c, "/api/account", session).json() == {"name": "Layla"}
        wrong_old = post(c, "/api/account/password", {"old": "nope", "new": "x" * 9}, session)
        assert wrong_old.status_code == 403
        assert post(c, "/api/account/login", {"name": "Layla", "password": "correct horse"})
        relog = post(c, "/api/account/login", {"name": "Layla", "password": "new password"})
        assert relog.status_code == 200


def test_an_unknown_name_and_a_wrong_password_get_the_same_answer(tmp_path: Path) -> None:
    with client(tmp_path / "a.sqlite") as c:
        register(c, "Omar")
        wrong = post(c, "/api/account/login", {"name": "Omar", "password": "not his"})
        unknown = post(c, "/api/account/login", {"name": "Nobody", "password": "not his"})
        assert wrong.status_code == unknown.status_code == 401
        assert wrong.json() == unknown.json() == {"detail": "wrong name or password"}
        assert "set-cookie" not in wrong.headers and "set-cookie" not in unknown.headers


def test_failed_log_ins_are_throttled_per_name_and_per_address(tmp_path: Path) -> None:
    with client(tmp_path / "a.sqlite") as c:
        register(c, "Sami")
        for _ in range(NAME_FAILURES):
            assert (
                post(c, "/api/account/login", {"name": "Sami", "password": "guess"}).status_code
                == 401
            )
        # the right password is refused too now, and the answer says when to come back
        held = post(c, "/api/account/login", {"name": "Sami", "password": "correct horse"})
        assert held.status_code == 429 and int(held.headers["retry-after"]) > 800
        assert "too many failed log-ins" in held.json()["detail"]
        # an unknown name is throttled alike (the answer does not tell it exists)
        for _ in range(NAME_FAILURES):
            post(c, "/api/account/login", {"name": "Ghost", "password": "guess"})
        ghost = post(c, "/api/account/login", {"name": "Ghost", "password": "guess"})
        assert ghost.status_code == 429
        # one address trying many names: stopped at ADDRESS_FAILURES
        register(c, "Nour")
        tried = 2 * NAME_FAILURES
        names = iter(f"name{i}" for i in range(1000))
        while tried < ADDRESS_FAILURES:
            post(c, "/api/account/login", {"name": next(names), "password": "guess"})
            tried += 1
        nour = post(c, "/api/account/login", {"name": "Nour", "password": "correct horse"})
        assert nour.status_code == 429


def test_the_session_cookie_is_httponly_samesite_and_secure_over_https(tmp_path: Path) -> None:
    with client(tmp_path / "a.sqlite") as c:
        answer = post(c, "/api/account/register", {"name": "Rami", "password": "correct horse"})
        flags = [f.strip().lower() for f in answer.headers["set-cookie"].split(";")]
        assert "httponly" in flags and "samesite=lax" in flags and "path=/" in flags
        assert "secure" not in flags  # plain http (a local server)
        c.base_url = c.base_url.copy_with(scheme="https")
        answer = post(
            c,
            "/api/account/login",
            {"name": "Rami", "password": "correct horse"},
            origin="https://testserver",
        )
        assert answer.status_code == 200
        flags = [f.strip().lower() for f in answer.headers["set-cookie"].split(";")]
        assert "secure" in flags and "httponly" in flags


def test_posts_without_the_sites_origin_are_refused(tmp_path: Path) -> None:
    with client(tmp_path / "a.sqlite") as c:
        session = register(c, "Hala")
        body = {"name": "Other", "password": "correct horse"}
        for origin in (None, "http://evil.example", "null", "http://testserver.evil.example"):
            refused = post(c, "/api/account/register", body, origin=origin)
            assert refused.status_code == 403, origin
        # a form post from another site, with the victim's cookie: refused
        c.cookies.clear()
        form = c.post(
            "/api/account/delete",
            data={"password": "correct horse"},
            headers={"origin": "http://evil.example", "cookie": f"hand_session={session}"},
        )
        assert form.status_code == 403
        assert get(c, "/api/account", session).json() == {"name": "Hala"}
        # a ranked table made from elsewhere: refused too
        ranked = {
            "rules": {"preset": "levant"},
            "seats": [{"kind": "human"}, {"kind": "open"}],
            "ranked": True,
        }
        c.cookies.clear()
        elsewhere = c.post(
            "/api/tables",
            json=ranked,
            headers={"origin": "http://evil.example", "cookie": f"hand_session={session}"},
        )
        assert elsewhere.status_code == 403
        assert post(c, "/api/tables", ranked, session).status_code == 201
        assert post(c, "/api/tables", ranked).status_code == 401  # a guest: log in first


def test_names_that_are_markup_or_sql_are_refused_and_sql_in_a_log_in_is_data(
    tmp_path: Path,
) -> None:
    with client(tmp_path / "a.sqlite") as c:
        for name in (
            "<script>alert(1)</script>",
            "x'; DROP TABLE hand_accounts;--",
            "a b",
            "\u202eevil",
            "x",
            "y" * 25,
            "",
            17,
        ):
            answer = post(c, "/api/account/register", {"name": name, "password": "correct horse"})
            assert answer.status_code == 422, name
            assert "correct horse" not in answer.text
        assert (
            post(c, "/api/account/register", {"name": "ok", "password": "short"}).status_code == 422
        )
        register(c, "ليلى")  # any script's letters
        sql = post(c, "/api/account/login", {"name": "' OR '1'='1", "password": "' OR '1'='1"})
        assert sql.status_code == 401
        assert post(c, "/api/account/login", {"name": "ليلى", "password": "correct horse"})
    engine = create_engine(f"sqlite:///{tmp_path / 'a.sqlite'}")
    with engine.connect() as conn:
        assert conn.execute(select(func.count()).select_from(accounts_table)).scalar_one() == 1
        stored = conn.execute(select(accounts_table.c.password)).scalar_one()
    engine.dispose()
    assert stored.startswith("$argon2id$") and "correct horse" not in stored


def test_a_session_outlives_a_restart_and_a_deleted_account_is_gone(tmp_path: Path) -> None:
    db = tmp_path / "a.sqlite"
    with client(db) as c:
        session = register(c, "Yara")
    with client(db) as c:  # a new server process on the same database
        assert get(c, "/api/account", session).json() == {"name": "Yara"}
        wrong = post(c, "/api/account/delete", {"password": "nope"}, session)
        assert wrong.status_code == 403
        gone = post(c, "/api/account/delete", {"password": "correct horse"}, session)
        assert gone.status_code == 200
        assert get(c, "/api/account", session).json() == {"name": None}
        login = post(c, "/api/account/login", {"name": "Yara", "password": "correct horse"})
        assert login.status_code == 401
        assert get(c, "/api/players/Yara").status_code == 404
        register(c, "Yara")  # the name is free again
    assert ORIGIN == "http://testserver"
