"""Accounts and sessions: names with argon2-hashed passwords, guests, and session tokens."""

from __future__ import annotations

import secrets

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy.engine import Connection

from longhouse.i18n import Msg, _
from longhouse.server import names
from longhouse.server.lookalike import lookalike_key
from longhouse.store import NameTaken, Store, User
from longhouse.store.social import social_store

COOKIE = "longhouse_session"
MIN_PASSWORD = 6
MAX_PASSWORD = 200

_hasher = PasswordHasher()
WRONG = _("wrong name or password")


class AuthError(Exception):
    """A sign-up or sign-in that cannot be done; the message (a ``Msg``) says why (``code`` names the kind for
    the page)."""

    code = "refused"

    def __init__(self, message: Msg) -> None:
        super().__init__(message)


class UnknownName(AuthError):
    """A sign-in with a name no one has signed up with (the page offers to sign up with it)."""

    code = "unknown_name"


def check_name(name: object) -> str:
    """The name as it is kept (``names.check``: letters of any script, NFKC), or ``AuthError`` saying why not."""
    try:
        return names.check(name)
    except names.BadName as exc:
        raise AuthError(exc.args[0]) from exc


def looks_like(store: Store, name: str) -> Msg | None:
    """Why no one may sign up as ``name``: it looks like an account's name (which is said), or None."""
    holder = social_store(store).key_holder(lookalike_key(name))
    if holder is None:
        return None
    if holder.casefold() == name.casefold():
        return _("the name {name!r} is taken", name=name)
    return _("the name {name!r} looks too much like {holder!r}, a player's name; choose another", name=name,
             holder=holder)


def check_password(password: object) -> str:
    if not isinstance(password, str) or not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise AuthError(_("a password has {least} to {most} characters", least=MIN_PASSWORD, most=MAX_PASSWORD))
    return password


def hash_password(password: str) -> str:
    """The argon2 hash a password is stored as."""
    return _hasher.hash(password)


def sign_up(store: Store, name: object, password: object) -> User:
    """A new account: its name checked (``check_name``, and that it looks like no other's: its look-alike key
    is stored with it, unique), its password hashed."""
    name = check_name(name)
    password = check_password(password)
    taken = looks_like(store, name)
    if taken is not None:
        raise AuthError(taken)
    key = lookalike_key(name)

    def keep_key(c: Connection, user_id: int) -> None:
        social_store(store).add_key(c, user_id, key)

    try:
        return store.create_user(name, _hasher.hash(password), also=keep_key)
    except NameTaken as exc:  # made meanwhile by another sign-up, under this name or a look-alike
        raise AuthError(looks_like(store, name) or _("the name {name!r} is taken", name=name)) from exc


def sign_in(store: Store, name: object, password: object) -> User:
    if not isinstance(name, str) or not isinstance(password, str) or len(password) > MAX_PASSWORD or len(name) > 80:
        raise AuthError(WRONG)
    name = names.typed(name)
    found = store.user_by_name(name)
    if found is None or found[1] is None:
        _hasher.hash(password)  # the same cost either way
        if found is None:  # sign-up tells a taken name anyway, so saying so here gives nothing away
            raise UnknownName(_("no one has signed up as {name!r} yet", name=name))
        raise AuthError(WRONG)
    user, stored = found
    assert stored is not None
    try:
        _hasher.verify(stored, password)
    except (VerificationError, InvalidHashError) as exc:
        raise AuthError(WRONG) from exc
    if _hasher.check_needs_rehash(stored):
        store.set_password_hash(user.id, _hasher.hash(password))
    return user


def guest(store: Store) -> User:
    """A new guest account with a fresh name and no password."""
    for _attempt in range(20):
        name = f"Guest-{secrets.randbelow(90000) + 10000}"
        try:
            return store.create_user(name, None, guest=True)
        except NameTaken:
            continue
    raise AuthError(_("could not find a free guest name; try again"))


def new_session(store: Store, user: User) -> str:
    token = secrets.token_urlsafe(32)
    store.create_session(token, user.id)
    return token
