"""Paths the private PostgreSQL's OS user can reach, when the room runs as root.

PostgreSQL refuses to run as root, so under root ``pg_process`` runs it as ``postgres``
(else ``nobody``). That user must be able to enter every folder above its binaries and
its data directory, and a checkout under a folder only root can enter (``/root/x``,
mode 700) has both there: the ``pgserver`` wheel's binaries in ``.venv`` and the data in
``./var/pg``. Rather than open root's folders to that user, what it cannot reach is
put where it can, in root-owned folders no one else may write to:

- binaries: a copy of their installation (``bin``, ``lib``, ``share``, and a wheel's
  ``*.libs``) under ``/var/cache/spades-room/`` (one per build of ``postgres``, made
  once);
- data: the cluster under ``/var/lib/spades-room/``, with ``data_dir`` made a symbolic
  link to it, so ``./var/pg`` still leads to the data and later starts find it.
"""

from __future__ import annotations

import hashlib
import os
import pwd
import shutil
import stat
import tempfile
from pathlib import Path

__all__ = ["BIN_CACHE", "DATA_HOME", "can_enter", "reachable_bin_dir", "reachable_data_dir"]

BIN_CACHE = Path("/var/cache/spades-room")
DATA_HOME = Path("/var/lib/spades-room")


def can_enter(directory: Path, user: pwd.struct_passwd) -> bool:
    """True when ``user`` may search (x) ``directory`` and every folder above it."""
    groups = {user.pw_gid, *os.getgrouplist(user.pw_name, user.pw_gid)}
    for folder in [directory, *directory.parents]:
        try:
            info = folder.stat()
        except FileNotFoundError:
            continue  # made later, by root, with a mode the user can search
        if info.st_uid == user.pw_uid:
            bit = stat.S_IXUSR
        elif info.st_gid in groups:
            bit = stat.S_IXGRP
        else:
            bit = stat.S_IXOTH
        if not info.st_mode & bit:
            return False
    return True


def reachable_bin_dir(bin_dir: str, user: pwd.struct_passwd) -> str:
    """``bin_dir``, or the ``bin`` of a copy of its installation that ``user`` can reach.

    Raises OSError (with a sentence) when the copy cannot be made.
    """
    source = Path(bin_dir).resolve()
    if can_enter(source, user):
        return str(source)
    install = source.parent
    with (source / "postgres").open("rb") as binary:  # one copy per build and layout
        digest = hashlib.file_digest(binary, "sha256")
    digest.update(f"{install.parent.name}/{install.name}".encode())
    copy = _root_folder(BIN_CACHE) / f"pg-{digest.hexdigest()[:16]}"
    # The same layout two levels up: a wheel's binaries find the libraries auditwheel
    # put beside their package (``$ORIGIN/../../../pgserver.libs``) by relative paths.
    copied_bin = copy / install.parent.name / install.name / source.name
    if not (copied_bin / "postgres").exists():
        staging = Path(tempfile.mkdtemp(prefix=".staging-", dir=copy.parent))
        try:
            for part in ("bin", "lib", "share"):
                if (install / part).is_dir():
                    shutil.copytree(install / part,
                                    staging / install.parent.name / install.name / part,
                                    symlinks=True)
            for libs in install.parent.parent.glob("*.libs"):
                shutil.copytree(libs, staging / libs.name, symlinks=True)
            for folder in [staging, *staging.rglob("*")]:
                if folder.is_dir() and not folder.is_symlink():
                    folder.chmod(0o755)
            os.replace(staging, copy)  # whole or not at all, even if two starts race
        except OSError:
            shutil.rmtree(staging, ignore_errors=True)
            if not (copied_bin / "postgres").exists():
                raise
    return str(copied_bin)


def reachable_data_dir(data_dir: Path, user: pwd.struct_passwd) -> Path:
    """Where the cluster of ``data_dir`` lives: ``data_dir`` itself when ``user`` can
    reach it, else a folder under /var/lib/spades-room that ``data_dir`` links to.

    Raises OSError (with a sentence) for an existing cluster ``user`` cannot reach.
    """
    if data_dir.is_symlink():
        return data_dir.resolve()
    if can_enter(data_dir.parent, user):
        return data_dir
    if data_dir.exists():
        raise PermissionError(
            f"PostgreSQL runs as {user.pw_name!r} (not as root), which cannot reach "
            f"{data_dir}; move that directory where it can, or let a new one be made")
    digest = hashlib.sha256(str(data_dir).encode()).hexdigest()[:16]
    target = _root_folder(DATA_HOME) / f"pg-{digest}"
    target.mkdir(mode=0o700, exist_ok=True)
    data_dir.parent.mkdir(parents=True, exist_ok=True)
    data_dir.symlink_to(target, target_is_directory=True)
    return target


def _root_folder(path: Path) -> Path:
    """``path`` made (0755) if missing; refused unless root owns it and only root may
    write in it (what is copied there is run, and what is kept there is data)."""
    path.mkdir(mode=0o755, parents=True, exist_ok=True)
    info = path.lstat()
    if not stat.S_ISDIR(info.st_mode) or info.st_uid != 0 or info.st_mode & 0o022:
        raise PermissionError(f"{path} must be a folder owned by root that only root "
                              "can write in; it is not, so nothing is put there")
    return path
