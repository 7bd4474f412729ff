"""What a device's self-test reports, one check at a time; shared by every device interface."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SelfTestCheck:
    name: str
    ok: bool
    detail: str
