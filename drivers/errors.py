"""The one exception of drivers/."""


class DeviceError(Exception):
    """A device cannot do what was asked. The message names the device (its URL), the problem
    and what to do about it, so that an operator can act on it without reading code."""
