"""The technician's screens (docs/technician.md): the sign-in behind a technician's PIN, then a
page per tool: the self-test, the guided wheel test, the wheel's own records."""
