"""The players' display: what every table must post, in a header and a footer, around the
game's body: at a wheel (the roulettes, boule, the wheel of fortune) the last results, the hot
and cold numbers and the shares of the chances (players_wheel.py); a game with a display of
its own (craps, the card games) draws its body itself (its view's `players_body`). Big, for
people across a table in casino light.

What it posts is what both regulations make every table show:

- Valencian Decree 215/1994, article 38.2: "Sobre cada taula de joc o en un lloc pròxim a
  aquesta, i en lloc visible per a qualsevol dels jugadors, haurà de figurar un anunci en el qual
  s'indique el número de la taula, l'import de la bestreta inicial i les apostes mínimes i
  màximes permeses en les distintes sorts."
- Andorran casino regulation (Decree of 23-11-2016; the text as we hold it numbers no
  articles), in the same words: "Sobre cada taula de joc o en un lloc pròxim, i en lloc visible
  per a qualsevol dels jugadors, hi ha de figurar un anunci en el qual s'indiqui el número de la
  taula, l'import de la bestreta inicial i les apostes mínimes i màximes autoritzades en els
  jocs."

So the header gives the table's number, the game, the minimum and the largest maximum, and the
opening advance ("bestreta inicial": the advance the session opened with, not its top-ups); the
footer gives the maximum of each "sort" (bet family), families of equal maxima on one item, the
six even chances as "sorts senzilles". `TableInfo` holds it, made from the session's `table.open`
and its opening `float.advance`.

Sizes follow the display (`kit.scale`) and the space each part gets. `draw_players` returns
where it drew each part (at a wheel, the newest result's disc among them).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import pygame

from games.registry import game as game_of
from terminal.screens import kit
from terminal.screens.games.base import screens_of
from terminal.screens.players_wheel import draw_wheel
from terminal.screens.stats import SessionStats
from terminal.screens.texts import Texts

SEPARATOR = "  ·  "


# a game's own body of the display: (surface, its rect, the display's scale)
Body = Callable[[pygame.Surface, pygame.Rect, float], None]


@dataclass(frozen=True)
class TableInfo:
    """What the regulation makes every table post (article 38.2): amounts in minor units."""

    table: str  # the table's number: its id
    game: str  # the game's id
    advance: int  # the opening advance ("bestreta inicial")
    minimum: int
    chip_unit: int
    maxima: tuple[tuple[str, int], ...]  # (bet family, maximum stake), as in the limits

    @classmethod
    def from_open(
        cls, table: str, data: Mapping[str, Any], advance: int, game: str | None = None
    ) -> TableInfo:
        """From the session's `table.open` data (its `limits`, `{"min", "chip_unit", "max":
        {family: amount}}`, and its `game`, or `game` given) and the amount of its opening
        `float.advance`; `table` is the events' `table`."""
        game_id = game or data["game"]
        limits = data["limits"]
        return cls(
            table=table,
            game=game_id,
            advance=int(advance),
            minimum=int(limits["min"]),
            chip_unit=int(limits["chip_unit"]),
            maxima=tuple((family, int(amount)) for family, amount in limits["max"].items()),
        )

    @property
    def maximum(self) -> int:
        """The largest stake the table takes on one bet."""
        return max((amount for _, amount in self.maxima), default=self.minimum)


def draw_players(
    surface: pygame.Surface,
    stats: SessionStats | None,
    info: TableInfo,
    texts: Texts,
    body: Body | None = None,
) -> dict[str, pygame.Rect]:
    """The whole display on `surface`; the parts' rectangles by name: "header", "footer",
    "results", "newest" (the newest result's disc, when there is one), "hot", "cold", "shares".
    A game with a display of its own (craps, the card games: their view's `players_body`)
    draws its `body` between the header and the footer instead of the wheel's parts ("body")."""
    w, h = surface.get_size()
    portrait = h > w
    # a portrait display is as wide as a small landscape one is high: it draws from its width
    s = max(1.0, min(w / 600, h / 1000)) if portrait else kit.scale((w, h))
    margin = round(8 * s)
    surface.fill(kit.BACKGROUND)
    drawn: dict[str, pygame.Rect] = {}
    top = pygame.Rect(margin, margin, w - 2 * margin, 0)
    drawn["header"] = _header(surface, top, info, texts, s, portrait)
    drawn["footer"] = _footer(surface, margin, info, texts, s, portrait)
    area = pygame.Rect(
        margin,
        drawn["header"].bottom + margin,
        w - 2 * margin,
        drawn["footer"].top - drawn["header"].bottom - 2 * margin,
    )
    if body is not None or stats is None:
        drawn["body"] = area
        if body is not None:
            body(surface, area, s)
        return drawn
    drawn.update(draw_wheel(surface, area, stats, texts, s, portrait, gap=margin))
    return drawn


# -- what the table posts ---------------------------------------------------------------------


def game_name(info: TableInfo, texts: Texts) -> str:
    """The game's name in the display's language (games/game.py `names`)."""
    return game_of(info.game).names[texts.language]


def _header(
    surface: pygame.Surface,
    top: pygame.Rect,
    info: TableInfo,
    texts: Texts,
    s: float,
    portrait: bool,
) -> pygame.Rect:
    """The table's number and game on the left, its limits and opening advance on the right;
    in portrait, the limits and the advance under the number and game."""
    big, small = round(40 * s), round(28 * s)
    pad = round(8 * s)
    step_big, step_small = kit.font(big).get_linesize(), kit.font(small).get_linesize()
    table = texts("players_table", table=info.table)
    name = game_name(info, texts)
    limits = texts("players_limits", min=texts.money(info.minimum), max=texts.money(info.maximum))
    # a circle table has no advance (art. 35): no line of it
    advance = texts("players_advance", amount=texts.money(info.advance)) if info.advance else " "
    lines = 2 if portrait else 0
    rect = pygame.Rect(top.x, top.y, top.w, 2 * pad + step_big + step_small * (1 + lines))
    kit.panel(surface, rect)
    inner = rect.inflate(-2 * pad, -2 * pad)
    if portrait:
        kit.text(surface, table, inner.topleft, size=big, colour=kit.ACCENT, width=inner.w)
        y = inner.y + step_big
        for string, colour in ((name, kit.TEXT), (limits, kit.TEXT), (advance, kit.DIM)):
            kit.text(surface, string, (inner.x, y), size=small, colour=colour, width=inner.w)
            y += step_small
        return rect
    left_w = round(inner.w * 0.46)
    right_w = inner.w - left_w - pad
    kit.text(surface, table, inner.topleft, size=big, colour=kit.ACCENT, width=left_w)
    kit.text(
        surface, name, (inner.x, inner.y + step_big), size=small, colour=kit.TEXT, width=left_w
    )
    kit.text(
        surface, limits, inner.topright, size=small, colour=kit.TEXT, width=right_w, align="right"
    )
    kit.text(
        surface,
        advance,
        (inner.right, inner.bottom - step_small),
        size=small,
        colour=kit.DIM,
        width=right_w,
        align="right",
    )
    return rect


def maxima_items(info: TableInfo, texts: Texts) -> list[tuple[str, str]]:
    """The footer's items, (families, amount), by amount ascending: families of one maximum on
    one item, in the order of the game's screens (`maxima_order`, then the others by name), its
    even chances (`even_chances`: a roulette's six) together as the "sorts senzilles"."""
    screens = screens_of(info.game)
    order, even_chances = screens.maxima_order, screens.even_chances
    by_amount: dict[int, list[str]] = {}
    for family, amount in info.maxima:
        by_amount.setdefault(amount, []).append(family)
    items = []
    for amount in sorted(by_amount):
        families = by_amount[amount]
        chances = bool(even_chances) and set(even_chances) <= set(families)
        if chances:
            families = [f for f in families if f not in even_chances]
        families.sort(key=lambda f: (order.index(f) if f in order else 99, f))
        names = [texts.bet(f) for f in families]
        if chances:
            names.append(texts("bet_chances"))
        items.append((" / ".join(names), texts.money(amount)))
    return items


def _item_lines(
    items: list[tuple[str, str]], lead: str, size: int, width: int
) -> list[list[tuple[str, str]]]:
    """The items broken into lines no wider than `width`, the first after `lead`."""
    face = kit.font(size)
    lines: list[list[tuple[str, str]]] = [[]]
    x = face.size(lead + " ")[0]
    for item in items:
        item_w = face.size(f"{item[0]} {item[1]}")[0]
        sep_w = face.size(SEPARATOR)[0] if lines[-1] else 0
        if lines[-1] and x + sep_w + item_w > width:
            lines.append([])
            x, sep_w = 0, 0
        lines[-1].append(item)
        x += sep_w + item_w
    return lines


def _footer(
    surface: pygame.Surface, margin: int, info: TableInfo, texts: Texts, s: float, portrait: bool
) -> pygame.Rect:
    w, h = surface.get_size()
    pad = round(6 * s)
    lead = texts("players_maxima")
    items = maxima_items(info, texts)
    most = 5 if portrait else 3
    # the lines leave the bottom right corner to the croupier's way back (a finger's button)
    room = w - 2 * margin - 2 * pad - kit.MIN_TARGET - round(12 * s)
    for size in (round(24 * s), round(21 * s), round(18 * s), round(15 * s)):
        lines = _item_lines(items, lead, size, room)
        if len(lines) <= most:
            break
    face = kit.font(size)
    step = face.get_linesize()
    rect = pygame.Rect(margin, h - margin - 2 * pad - step * len(lines), w - 2 * margin, 0)
    rect.h = h - margin - rect.y
    kit.panel(surface, rect)
    y = rect.y + pad
    for n, line in enumerate(lines):
        x = rect.x + pad
        if n == 0:
            x = kit.text(surface, lead, (x, y), size=size, colour=kit.DIM).right + face.size(" ")[0]
        for i, (names, amount) in enumerate(line):
            if i:
                x = kit.text(surface, SEPARATOR, (x, y), size=size, colour=kit.DIM).right
            x = kit.text(surface, names + " ", (x, y), size=size, colour=kit.DIM).right
            x = kit.text(surface, amount, (x, y), size=size, colour=kit.TEXT).right
        y += step
    return rect
