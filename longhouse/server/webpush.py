"""Web Push delivery: the hall's VAPID key, which push endpoints are believed, and one notice encrypted for one
device and posted to its push service.

The standards, all three done by pywebpush: RFC 8030 (the push protocol: a POST to the device's endpoint with
``TTL``, ``Urgency`` and ``Topic``), RFC 8291 (the payload encrypted as ``aes128gcm``, RFC 8188, under a key
agreed by ECDH between a new P-256 key of ours and the device's ``p256dh`` key, mixed with its ``auth``
secret) and RFC 8292 (VAPID: ``Authorization: vapid t=JWT,k=KEY``, the JWT signed with the hall's key, its
``aud`` the push service's origin, ``exp`` twelve hours on, ``sub`` the operator's contact).

A push service answers 201; 404 or 410 mean the subscription is gone for good (the device unsubscribed, or the
browser dropped it), and it is dropped; 429 and 5xx, or no answer, are worth another try later; anything else
(400, 403: a subscription made for another VAPID key, 413) is a failure that counts towards dropping it.
"""

from __future__ import annotations

import base64
import enum
import ipaddress
import json
import logging
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import requests
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from py_vapid import Vapid
from pywebpush import WebPushException, webpush

from longhouse.i18n import Msg, Text, _
from longhouse.i18n.errors import error_text
from longhouse.store import Store
from longhouse.store.push import Subscription, push_store
from longhouse.store.push_tables import ENDPOINT_MOST

log = logging.getLogger("longhouse.push")

#: The ``sub`` claim when the operator named no contact (``--push-contact``); push services may refuse it.
NO_CONTACT = "mailto:longhouse@localhost"


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


#: base64url (RFC 4648 §5), padded or not; and the characters of a URL (RFC 3986) but ``@`` (no user part).
B64URL = re.compile(r"[A-Za-z0-9_-]*={0,2}")
URL_CHARACTERS = re.compile(r"[A-Za-z0-9\-._~:/?#\[\]!$&'()*+,;=%]+")


def unb64url(text: str) -> bytes:
    """base64url with or without its padding; ``ValueError`` if it is not (nothing is skipped)."""
    if not B64URL.fullmatch(text):
        raise ValueError("not base64url")
    return base64.urlsafe_b64decode(text.rstrip("=") + "=" * (-len(text.rstrip("=")) % 4))


@dataclass(frozen=True)
class VapidKey:
    """The hall's VAPID key: the signer, its public half as a page's ``applicationServerKey`` wants it (the
    uncompressed P-256 point, base64url), and the ``sub`` claim."""

    vapid: Any
    public: str
    contact: str


def new_private_key() -> str:
    """A new P-256 private key as its raw 32-byte scalar, base64url (how ``push_keys`` keeps it)."""
    key = ec.generate_private_key(ec.SECP256R1())
    return b64url(key.private_numbers().private_value.to_bytes(32, "big"))


def _public(vapid: Any) -> str:
    point = vapid.public_key.public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    return b64url(point)


def _from_file(key_file: str) -> Any:
    text = Path(key_file).read_text().strip()  # a missing file is an error, not a new key
    try:
        return Vapid.from_pem(text.encode()) if "-----BEGIN" in text else Vapid.from_string(text)
    except Exception as exc:
        raise ValueError(_("{path} holds no P-256 private key (PEM, or base64url): {reason}", path=key_file,
                           reason=str(exc)[:200])) from None


def _contact_refusal(contact: str | None) -> Msg | None:
    if contact is not None and not re.fullmatch(r"mailto:[^@\s]+@[^@\s]+|https://[^\s/]+(/\S*)?", contact):
        return _("the push contact {contact} is neither mailto:ADDRESS nor an https:// address",
                 contact=repr(contact)[:120])
    return None


def check(key_file: str | None, contact: str | None) -> Text | None:
    """What is wrong with the push options (``serve`` refuses to start on it, in the operator's language), or
    None."""
    if key_file is not None:
        try:
            _from_file(key_file)
        except OSError as exc:
            return _("--vapid-key-file: cannot read {path}: {reason}", path=key_file, reason=exc.strerror or str(exc))
        except ValueError as exc:
            return _("--vapid-key-file: {reason}", reason=error_text(exc))
    return _contact_refusal(contact)


def load_key(store: Store, key_file: str | None, contact: str | None) -> VapidKey:
    """The key given in ``key_file`` (PEM, as ``vapid --gen`` writes it, or the raw or DER key base64url), else
    the one kept in the store (made on the first call)."""
    wrong = _contact_refusal(contact)
    if wrong is not None:
        raise ValueError(wrong)
    if key_file is not None:
        vapid = _from_file(key_file)
    else:
        vapid = Vapid.from_raw(push_store(store).vapid_key(new_private_key).encode())
    return VapidKey(vapid, _public(vapid), contact or NO_CONTACT)


# --- which endpoints are believed ----------------------------------------------------------------------------

def endpoint_refusal(endpoint: object, hosts: tuple[str, ...]) -> Msg | None:
    """Why a subscription's endpoint is refused (None: it is not). The hall posts to it, so only the push
    services named in ``hosts`` (a name matches itself and its subdomains), over HTTPS, are believed: anything
    else would have the hall post wherever a page says (to this machine's other services, say). Plain HTTP is
    taken only from a loopback address that ``hosts`` names itself (a test's push service)."""
    if not isinstance(endpoint, str) or not endpoint:
        return _("the subscription has no endpoint")
    if len(endpoint) > ENDPOINT_MOST:
        return _("the endpoint is longer than {most} characters", most=ENDPOINT_MOST)
    if not URL_CHARACTERS.fullmatch(endpoint):  # (a backslash or an @ read one way here, another by the sender)
        return _("the endpoint is not a URL")
    try:
        parts = urlsplit(endpoint)
        host = (parts.hostname or "").lower()
        parts.port  # noqa: B018 (a bad port raises)
    except ValueError:
        return _("the endpoint is not a URL")
    named = host in hosts or any(host.endswith("." + h) for h in hosts if not _is_address(h))
    if not named:
        return _("the endpoint is not one of the push services this hall sends to")
    if parts.scheme == "https" or (parts.scheme == "http" and host in hosts and _loopback(host)):
        return None
    return _("the endpoint must be an https:// address")


def _is_address(host: str) -> bool:
    try:
        ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        return False
    return True


def _loopback(host: str) -> bool:
    return _is_address(host) and ipaddress.ip_address(host.strip("[]")).is_loopback


def keys_refusal(p256dh: object, auth: object) -> Msg | None:
    """Why a subscription's keys are refused: ``p256dh`` must be a P-256 public key (the uncompressed point)
    and ``auth`` 16 bytes, both base64url."""
    try:
        point = unb64url(p256dh) if isinstance(p256dh, str) and len(p256dh) <= 100 else b""
        ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), point)
        if len(point) != 65:
            raise ValueError("not uncompressed")
    except ValueError:
        return _("the subscription's p256dh key is not a P-256 public key")
    try:
        secret = unb64url(auth) if isinstance(auth, str) and len(auth) <= 40 else b""
    except ValueError:
        secret = b""
    if len(secret) != 16:
        return _("the subscription's auth secret is not 16 bytes")
    return None


# --- one delivery ---------------------------------------------------------------------------------------------

class Outcome(enum.Enum):
    SENT = "sent"
    GONE = "gone"  # 404/410: drop the subscription
    RETRY = "retry"  # 429, 5xx, no answer: try again later
    FAILED = "failed"  # any other refusal


@dataclass(frozen=True)
class Delivery:
    outcome: Outcome
    status: int | None
    #: seconds the push service asked us to wait (``Retry-After`` in seconds), if it did
    retry_after: float | None = None


def deliver(sub: Subscription, notice: dict[str, Any], key: VapidKey, *, ttl: int, topic: str | None = None,
            urgency: str = "normal", session: requests.Session | None = None, timeout: float = 10.0) -> Delivery:
    """Encrypt ``notice`` (as JSON) for ``sub``'s device and post it to its push service, signed with ``key``."""
    headers: dict[str, str | int | float] = {"Urgency": urgency}
    if topic:
        headers["Topic"] = topic
    try:
        response = webpush(sub.info(), data=json.dumps(notice, separators=(",", ":")), vapid_private_key=key.vapid,
                           vapid_claims={"sub": key.contact}, ttl=ttl, timeout=timeout, headers=headers,
                           requests_session=session)
    except WebPushException as exc:
        status = exc.status_code
        if status is None:
            log.warning("push to %s not sent: %s", host_of(sub.endpoint), exc.message)
            return Delivery(Outcome.FAILED, None)
        if status in (404, 410):
            return Delivery(Outcome.GONE, status)
        if status == 429 or status >= 500:
            return Delivery(Outcome.RETRY, status, _seconds(exc.retry_after))
        log.warning("push to %s refused: %d", host_of(sub.endpoint), status)
        return Delivery(Outcome.FAILED, status)
    except requests.RequestException as exc:
        log.info("push to %s: no answer (%s)", host_of(sub.endpoint), type(exc).__name__)
        return Delivery(Outcome.RETRY, None)
    return Delivery(Outcome.SENT, int(getattr(response, "status_code", 201)))


def host_of(endpoint: str) -> str:
    """What a log line may say of an endpoint: its host (the rest is the device's secret address)."""
    try:
        return urlsplit(endpoint).hostname or "?"
    except ValueError:
        return "?"


def _seconds(value: str | None) -> float | None:
    if value is None or not value.strip().isdigit():
        return None  # an HTTP date: the caller's own back-off applies
    return float(value.strip())


def topic_of(text: str) -> str:
    """An RFC 8030 ``Topic`` (at most 32 characters of the base64url alphabet) from ``text``: a newer message of
    the same topic replaces one still waiting at the push service."""
    return "".join(ch if ch.isascii() and (ch.isalnum() or ch in "-_") else "-" for ch in text)[:32]


__all__ = ["Delivery", "Outcome", "VapidKey", "deliver", "endpoint_refusal", "keys_refusal", "load_key"]
