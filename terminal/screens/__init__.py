"""The table's screens: the croupier's touchscreen, the players' display and the technician's
tools, drawn with pygame on one UI thread (docs/screens.md)."""
