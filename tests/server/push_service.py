"""A push service and a browser's side of Web Push, for the tests: the real protocol, written here from the
RFCs with the ``cryptography`` package and independent of the hall's code (which uses pywebpush).

- ``PushService``: an HTTP server on loopback that takes pushes (RFC 8030) as a push service does, keeps
  every request, and answers 201, or what a test tells it for a path (404, 410, 503 …).
- ``Browser``: a device's subscription as a browser makes it: a P-256 key pair and a 16-byte auth secret;
  ``decrypt`` opens an ``aes128gcm`` push with them (RFC 8291 on RFC 8188).
- ``vapid_claims``: checks a push's ``Authorization: vapid t=JWT,k=KEY`` (RFC 8292) and returns the JWT's
  claims: ES256 with the key, that key the one the page subscribed with.
"""

from __future__ import annotations

import base64
import json
import secrets
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def _point(key: ec.EllipticCurvePublicKey) -> bytes:
    return key.public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)


@dataclass
class Push:
    """One request the push service took."""

    path: str
    headers: dict[str, str]
    body: bytes


@dataclass
class Browser:
    """One device's push keys, as ``PushManager.subscribe`` makes them."""

    private: ec.EllipticCurvePrivateKey = field(default_factory=lambda: ec.generate_private_key(ec.SECP256R1()))
    auth: bytes = field(default_factory=lambda: secrets.token_bytes(16))

    def subscription(self, endpoint: str) -> dict[str, Any]:
        """What ``PushSubscription.toJSON()`` gives a page."""
        return {"endpoint": endpoint, "expirationTime": None,
                "keys": {"p256dh": b64url(_point(self.private.public_key())), "auth": b64url(self.auth)}}

    def decrypt(self, body: bytes) -> bytes:
        """The plaintext of an ``aes128gcm`` push for these keys (RFC 8291 §3, RFC 8188 §2)."""
        salt, rs, idlen = body[:16], int.from_bytes(body[16:20], "big"), body[20]
        assert idlen == 65, "the key id of a Web Push is the sender's P-256 public key"
        sender = body[21:21 + idlen]
        shared = self.private.exchange(ec.ECDH(), ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), sender))
        info = b"WebPush: info\x00" + _point(self.private.public_key()) + sender
        ikm = HKDF(hashes.SHA256(), 32, salt=self.auth, info=info).derive(shared)
        cek = HKDF(hashes.SHA256(), 16, salt=salt, info=b"Content-Encoding: aes128gcm\x00").derive(ikm)
        nonce = HKDF(hashes.SHA256(), 12, salt=salt, info=b"Content-Encoding: nonce\x00").derive(ikm)
        data = body[21 + idlen:]
        records = [data[i:i + rs] for i in range(0, len(data), rs)]
        out = b""
        for seq, record in enumerate(records):
            iv = (int.from_bytes(nonce, "big") ^ seq).to_bytes(12, "big")
            plain = AESGCM(cek).decrypt(iv, record, None).rstrip(b"\x00")
            last = seq == len(records) - 1
            assert plain[-1:] == (b"\x02" if last else b"\x01"), "a record's padding delimiter"
            out += plain[:-1]
        return out


def vapid_claims(authorization: str, public_key: str) -> dict[str, Any]:
    """The JWT claims of a VAPID ``Authorization`` header, after checking its ES256 signature with the key it
    names, which must be ``public_key`` (the hall's, as served to the page)."""
    scheme, _, params = authorization.partition(" ")
    assert scheme == "vapid", authorization
    parts = dict(p.strip().split("=", 1) for p in params.split(","))
    assert parts["k"] == public_key
    head, claims, signature = parts["t"].split(".")
    assert json.loads(unb64url(head)) == {"typ": "JWT", "alg": "ES256"}
    raw = unb64url(signature)
    assert len(raw) == 64
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    key = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64url(public_key))
    key.verify(der, f"{head}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))  # raises InvalidSignature
    found: dict[str, Any] = json.loads(unb64url(claims))
    return found


class PushService:
    """A push service on a free loopback port: ``url(path)`` is an endpoint; ``answers[path]`` the statuses to
    answer there in turn (then 201); ``pushes`` every request taken."""

    def __init__(self) -> None:
        self.pushes: list[Push] = []
        self.answers: dict[str, list[tuple[int, dict[str, str]]]] = {}
        self._lock = threading.Condition()  # notified at each push taken
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                with service._lock:
                    service.pushes.append(Push(self.path, {k.lower(): v for k, v in self.headers.items()}, body))
                    waiting = service.answers.get(self.path) or []
                    status, headers = waiting.pop(0) if waiting else (201, {})
                    service._lock.notify_all()
                self.send_response(status)
                for key, value in headers.items():
                    self.send_header(key, value)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, format: str, *args: Any) -> None:  # quiet
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def url(self, path: str) -> str:
        return self.origin + path

    def received(self, path: str, count: int = 1, timeout: float = 15.0) -> list[Push]:
        """Wait until ``count`` pushes came to ``path``; those pushes."""
        with self._lock:
            if not self._lock.wait_for(lambda: len(self._to(path)) >= count, timeout):
                raise AssertionError(f"{len(self._to(path))} pushes to {path} within {timeout}s, not {count}")
            return self._to(path)

    def _to(self, path: str) -> list[Push]:
        return [p for p in self.pushes if p.path == path]

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()
