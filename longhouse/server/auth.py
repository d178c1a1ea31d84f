"""Accounts and sessions: names with argon2-hashed passwords, guests, and session tokens."""

from __future__ import annotations

import re
import secrets

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from longhouse.store import NameTaken, Store, User

COOKIE = "longhouse_session"
_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_\-]{1,19}")
MIN_PASSWORD = 6
MAX_PASSWORD = 200

_hasher = PasswordHasher()


class AuthError(Exception):
    """A sign-up or sign-in that cannot be done; the message says why (``code`` names the kind for the page)."""

    code = "refused"


class UnknownName(AuthError):
    """A sign-in with a name no one has signed up with (the page offers to sign up with it)."""

    code = "unknown_name"


def check_name(name: object) -> str:
    if not isinstance(name, str) or not _NAME.fullmatch(name):
        raise AuthError("a name is 2 to 20 letters, digits, '_' or '-', starting with a letter")
    if name.casefold().startswith("guest") or name.casefold().startswith("bot"):
        raise AuthError("names starting with 'Guest' or 'Bot' are reserved")
    return name


def check_password(password: object) -> str:
    if not isinstance(password, str) or not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise AuthError(f"a password has {MIN_PASSWORD} to {MAX_PASSWORD} characters")
    return password


def hash_password(password: str) -> str:
    """The argon2 hash a password is stored as."""
    return _hasher.hash(password)


def sign_up(store: Store, name: object, password: object) -> User:
    name = check_name(name)
    password = check_password(password)
    try:
        return store.create_user(name, _hasher.hash(password))
    except NameTaken as exc:
        raise AuthError(f"the name {name!r} is taken") from exc


def sign_in(store: Store, name: object, password: object) -> User:
    if not isinstance(name, str) or not isinstance(password, str) or len(password) > MAX_PASSWORD:
        raise AuthError("wrong name or password")
    found = store.user_by_name(name)
    if found is None or found[1] is None:
        _hasher.hash(password)  # the same cost either way
        if found is None:  # sign-up tells a taken name anyway, so saying so here gives nothing away
            raise UnknownName(f"no one has signed up as {name!r} yet")
        raise AuthError("wrong name or password")
    user, stored = found
    assert stored is not None
    try:
        _hasher.verify(stored, password)
    except (VerificationError, InvalidHashError) as exc:
        raise AuthError("wrong name or password") from exc
    if _hasher.check_needs_rehash(stored):
        store.set_password_hash(user.id, _hasher.hash(password))
    return user


def guest(store: Store) -> User:
    """A new guest account with a fresh name and no password."""
    for _ in range(20):
        name = f"Guest-{secrets.randbelow(90000) + 10000}"
        try:
            return store.create_user(name, None, guest=True)
        except NameTaken:
            continue
    raise AuthError("could not find a free guest name; try again")


def new_session(store: Store, user: User) -> str:
    token = secrets.token_urlsafe(32)
    store.create_session(token, user.id)
    return token
