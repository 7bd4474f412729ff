"""The one exception of firmware_bridge/."""


class ProtocolError(Exception):
    """Bytes that are not a valid frame or message. `kind` names the counter it goes to
    (bad_cobs, truncated, bad_length, bad_crc, unknown_type, malformed)."""

    def __init__(self, kind: str, detail: str = ""):
        super().__init__(f"{kind}: {detail}" if detail else kind)
        self.kind = kind
        self.detail = detail
