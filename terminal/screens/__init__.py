"""The table's screens: the croupier's touchscreen, the players' display and the technician's
tools, drawn with pygame on one UI thread (docs/screens.md)."""

# every game's screens into the catalogue the shared screens look a game up in (last: a game's
# screens are built on the shared ones)
from terminal.screens import games  # noqa: E402, F401
