"""Who may not sign in or up: banned accounts, and names that look like a banned account's.

A ban (``store/admin.py``) keeps the look-alike key of the account's name (``lookalike.py``). Nobody signs up
under a name with that key, and no account whose name has it signs in (the banned one, or an account made
under a look-alike name before the ban). The check is made after the new session is stored (``refusal``,
then the session is ended), so that a ban made meanwhile cannot miss it: the ban locks the account's row
and ends its sessions in one transaction.
"""

from __future__ import annotations

from longhouse.i18n import Msg, _
from longhouse.server.lookalike import lookalike_key
from longhouse.store import Store, User
from longhouse.store.admin import admin_store


def name_refusal(store: Store, name: str) -> Msg | None:
    """Why no one may sign up as ``name`` (it looks like a banned account's name), or None."""
    banned = admin_store(store).banned_lookalike(lookalike_key(name))
    if banned is None:
        return None
    return _("the name {name!r} is not available (it looks like the name of a banned account)", name=name)


def refusal(store: Store, user: User) -> Msg | None:
    """Why this account may not sign in (banned, or its name looks like a banned account's), or None."""
    admins = admin_store(store)
    if admins.banned(user.id):
        return _("this account is banned")
    if admins.banned_lookalike(lookalike_key(user.name)) is not None:
        return _("this account's name looks like the name of a banned account; it may not sign in")
    return None
