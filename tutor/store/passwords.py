"""Salted scrypt hashes for passwords and PINs, and random tokens for guest browsers.

A hash string carries its own parameters (`scrypt$n$r$p$salt$key`), so the cost can be
raised later without breaking stored accounts.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets

N, R, P = 2**14, 8, 1
SALT_BYTES = 16
KEY_BYTES = 32


def hash_secret(secret: str) -> str:
    """A new salted scrypt hash of a password or PIN."""
    salt = secrets.token_bytes(SALT_BYTES)
    key = hashlib.scrypt(secret.encode(), salt=salt, n=N, r=R, p=P, dklen=KEY_BYTES)
    return f"scrypt${N}${R}${P}${_b64(salt)}${_b64(key)}"


def verify_secret(secret: str, stored: str | None) -> bool:
    """Whether `secret` matches `stored`, compared in constant time.

    With no stored hash (unknown user, guest) it still spends one hash's time and fails,
    so response time does not reveal which usernames exist.
    """
    try:
        scheme, n, r, p, salt, key = (stored or "").split("$")
        if scheme != "scrypt":
            raise ValueError(scheme)
        expected = base64.b64decode(key)
        salt_bytes = base64.b64decode(salt)
        cost = int(n), int(r), int(p)
    except ValueError:
        expected, salt_bytes, cost = b"\0" * KEY_BYTES, b"\0" * SALT_BYTES, (N, R, P)
        stored = None
    text = secret if isinstance(secret, str) else ""
    try:
        actual = hashlib.scrypt(text.encode(), salt=salt_bytes, n=cost[0], r=cost[1],
                                p=cost[2], dklen=len(expected))
    except (ValueError, MemoryError):  # a damaged stored hash with impossible parameters
        return False
    return hmac.compare_digest(actual, expected) and stored is not None and text is secret


def new_token() -> str:
    """A random token for a guest browser to keep (256 bits, URL-safe)."""
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    """What the database keeps of a guest token: a leaked file does not reveal tokens."""
    return hashlib.sha256(token.encode()).hexdigest()


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")
