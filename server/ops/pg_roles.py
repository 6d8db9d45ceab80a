"""The private PostgreSQL's roles and who may log in how (used by ``pg_process``).

Two roles: ``spades_admin``, the cluster's superuser, reachable only over the server's
Unix socket (a directory only the server's OS user and root can enter) and used only by
``PgProcess`` itself (setting up, creating and dropping databases); and ``spades``, the
room's role: no superuser, no CREATEDB/CREATEROLE, logs in over TCP with a random
password (``data_dir/spades.password``, mode 0600) and owns its database, which is all
the archive's migrations need.

Clusters made by earlier versions (every local connection trusted; the room's role
``spades`` was the bootstrap superuser) are upgraded in place at start: the bootstrap
role is renamed ``spades_admin`` (it must stay a superuser), a new ``spades`` role gets
the password, and the room's databases and everything in them are given to it.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Callable
from pathlib import Path
from typing import Any

import psycopg
from psycopg import sql

__all__ = ["ADMIN", "HBA_MARK", "PASSWORD_FILE", "USER", "hba_lines", "read_or_make_password",
           "set_up_roles"]

ADMIN = "spades_admin"
USER = "spades"
PASSWORD_FILE = "spades.password"
HBA_MARK = "# spades-room: password logins only (server/ops/pg_roles.py)"
_UPGRADING = "spades_upgrading"  # a superuser that exists only while the bootstrap is renamed
_TEMPLATES = ("postgres", "template0", "template1")
# Opens an autocommit connection as (role, database) over the private socket.
_Connect = Callable[[str, str], "psycopg.Connection[Any]"]


def hba_lines(setting_up: bool) -> str:
    """pg_hba.conf: TCP (127.0.0.1, ::1) needs the password (SCRAM) for every role; the
    private socket admits ``spades_admin`` without one. While ``setting_up`` (the first
    start of a cluster, or of one made by an earlier version) the socket admits every
    role, so the old bootstrap role can be renamed; the file loses that line after."""
    local = "all" if setting_up else ADMIN
    mark = "# setting up\n" if setting_up else HBA_MARK + "\n"
    return (f"{mark}local all {local} trust\n"
            "host all all 127.0.0.1/32 scram-sha-256\n"
            "host all all ::1/128 scram-sha-256\n")


def read_or_make_password(data_dir: Path) -> str:
    """The room role's password, made (random, 256 bits) on first use and kept in
    ``data_dir/spades.password``, readable by its owner only (0600)."""
    path = data_dir / PASSWORD_FILE
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        path.chmod(0o600)  # a copied data directory may have widened it
        return path.read_text().strip()
    password = secrets.token_urlsafe(32)
    with os.fdopen(fd, "w") as out:
        out.write(password + "\n")
    return password


def set_up_roles(connect: _Connect, password: str, database: str) -> None:
    """Make the cluster as the module docstring says (idempotent: every start runs it).

    ``connect(role, database)`` opens an autocommit connection over the private socket.
    """
    _rename_bootstrap(connect)
    with connect(ADMIN, "postgres") as conn:
        exists = conn.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (USER,)).fetchone()
        verb = "ALTER" if exists else "CREATE"
        conn.execute(sql.SQL(
            "{} ROLE {} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS "
            "PASSWORD {}").format(sql.SQL(verb), sql.Identifier(USER), sql.Literal(password)))
        if conn.execute("SELECT 1 FROM pg_database WHERE datname = %s",
                        (database,)).fetchone() is None:
            conn.execute(sql.SQL("CREATE DATABASE {} OWNER {}").format(
                sql.Identifier(database), sql.Identifier(USER)))
        names = [row[0] for row in conn.execute(
            "SELECT datname FROM pg_database WHERE datdba = 10 AND NOT (datname = ANY(%s))",
            (list(_TEMPLATES),))]
    for name in names:  # made by an earlier version: the old superuser owned them
        with connect(ADMIN, "postgres") as conn:
            conn.execute(sql.SQL("ALTER DATABASE {} OWNER TO {}").format(
                sql.Identifier(name), sql.Identifier(USER)))
        with connect(ADMIN, name) as conn:
            conn.execute(_GIVE_OBJECTS)


def _rename_bootstrap(connect: _Connect) -> None:
    """Rename the bootstrap superuser (OID 10) to ``spades_admin`` if it has another
    name: a role cannot rename itself, so a short-lived second superuser does it."""
    try:
        with connect(ADMIN, "postgres"):
            return
    except psycopg.OperationalError as err:
        if "does not exist" not in str(err):
            raise
    with connect(USER, "postgres") as conn:  # an earlier version's bootstrap role
        conn.execute(sql.SQL("DROP ROLE IF EXISTS {}").format(sql.Identifier(_UPGRADING)))
        conn.execute(sql.SQL("CREATE ROLE {} SUPERUSER LOGIN").format(
            sql.Identifier(_UPGRADING)))
    with connect(_UPGRADING, "postgres") as conn:
        conn.execute(sql.SQL("ALTER ROLE {} RENAME TO {}").format(
            sql.Identifier(USER), sql.Identifier(ADMIN)))
    with connect(ADMIN, "postgres") as conn:
        conn.execute(sql.SQL("DROP ROLE {}").format(sql.Identifier(_UPGRADING)))


# REASSIGN OWNED cannot move what the bootstrap superuser owns, so the catalogs are
# walked: schemas, tables, views, sequences not tied to a column, routines and types
# outside the system's schemas, owned by OID 10, go to the room's role.
_GIVE_OBJECTS = sql.SQL("""
DO $$
DECLARE r record;
BEGIN
  FOR r IN SELECT nspname FROM pg_namespace WHERE nspowner = 10
      AND nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema' LOOP
    EXECUTE format('ALTER SCHEMA %I OWNER TO {user}', r.nspname);
  END LOOP;
  FOR r IN SELECT c.oid::regclass AS name, c.relkind FROM pg_class c
      JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relowner = 10 AND c.relkind IN ('r', 'p', 'v', 'm', 'f', 'S')
        AND n.nspname NOT LIKE 'pg\\_%' AND n.nspname <> 'information_schema'
        AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass
                        AND d.objid = c.oid AND d.deptype IN ('a', 'i')) LOOP
    EXECUTE format('ALTER %s %s OWNER TO {user}',
      CASE r.relkind WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW'
        WHEN 'f' THEN 'FOREIGN TABLE' WHEN 'S' THEN 'SEQUENCE' ELSE 'TABLE' END, r.name);
  END LOOP;
  FOR r IN SELECT p.oid::regprocedure AS name FROM pg_proc p
      JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE p.proowner = 10 AND n.nspname NOT LIKE 'pg\\_%'
        AND n.nspname <> 'information_schema' LOOP
    EXECUTE format('ALTER ROUTINE %s OWNER TO {user}', r.name);
  END LOOP;
  FOR r IN SELECT t.oid::regtype AS name FROM pg_type t
      JOIN pg_namespace n ON n.oid = t.typnamespace
      WHERE t.typowner = 10 AND t.typtype IN ('e', 'd', 'r', 'm')
        AND n.nspname NOT LIKE 'pg\\_%' AND n.nspname <> 'information_schema' LOOP
    EXECUTE format('ALTER TYPE %s OWNER TO {user}', r.name);
  END LOOP;
END $$""").format(user=sql.Identifier(USER))
