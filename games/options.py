"""A game's own table-file sections (`[craps]`, `[colours]`, `[carrousel]`): how the game reads
them, and what the shared runtime asks of what they gave.

games/ cannot import the terminal's configuration, so a game reads its sections through
`SectionReader`, the part of the terminal's `Section` (terminal/common/settings.py) it needs:
typed look-ups that name the file, the section and the key on error. The configuration reads
every section a game names (`Game.sections`, absent ones as empty) and keeps what the game's
`read` made of them as the table's `options`. The shared parts then ask those options only
through the hooks of `TableOptions`, each with the default of a game that has no section.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

# the places whose players may bet: 1 to seats, [table] seats or a game's own section's
MAX_SEATS = 99
DEFAULT_SEATS = 12


class SectionReader(Protocol):
    """A section of the table file, as a game's `read` looks into it."""

    @property
    def name(self) -> str: ...

    @property
    def raw(self) -> Mapping[str, Any]: ...

    @property
    def present(self) -> bool:
        """Whether the file has the section (else `raw` is empty)."""
        ...

    def only(self, known: Sequence[str], where: str) -> None: ...

    def invalid(self, key: str, expected: str) -> Exception: ...

    def whole(
        self,
        key: str,
        default: int | None = None,
        *,
        low: int = 1,
        high: int,
        what: str = "a whole number",
        note: str = "",
    ) -> int: ...

    def endpoint(self, key: str, *, bind: bool, default: str | None = None) -> str: ...


class TableOptions:
    """What a game's sections gave, as the shared parts ask it: the defaults are those of a
    game with no section of its own."""

    # the places whose players may bet, when a section of the game's says them instead of
    # [table] seats (craps' places round the table, the dice offered to each in turn)
    seats: int | None = None
    # the colours of the table's colour chips (a game with `colour_chips`), one box each
    colours: tuple[str, ...] = ()
    # the endpoint of the casino-wide pool the game's jackpot feeds (`dealer-terminal carrousel
    # serve`); None: the table keeps the pool itself
    pool: str | None = None

    def opening(self) -> dict[str, Any]:
        """What `table.open` journals of them beside the shared fields (nothing by default)."""
        return {}

    def rounds(self) -> dict[str, Any]:
        """The options of the game's kind of rounds (terminal/runtime/rounds/)."""
        return {}


@dataclass(frozen=True)
class GameSections:
    """A game's table-file sections: each section's name with what it is for, said when the
    file of another game's table has it ("colour chips are played at {games} tables only"),
    and how the game reads them (`section(name)` gives each, empty when the file lacks it)."""

    why: Mapping[str, Callable[[str], str]]  # section -> its takers' ids -> why not another game
    read: Callable[[Callable[[str], SectionReader]], TableOptions]
    seats_are: str = ""  # what its seats are, when a section says them instead of [table]
