"""The players' display at a wheel (the roulettes, boule, the wheel of fortune): what the table
must post, the last results, the hot and cold numbers and the shares of the chances, big and in
the colours of the cloth, for people across a table in casino light.

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

The layout follows the display's aspect: landscape (800x480, 1280x720, 1920x1080) puts the
results in a row under the header, the hot and cold numbers and the shares side by side below;
portrait (720x1280) stacks them. Sizes follow the display (`kit.scale`) and the space each part
gets. `draw_players` returns where it drew each part (the newest result's disc among them).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from games.registry import game as game_of
from terminal.screens import kit
from terminal.screens.games import screens_of
from terminal.screens.stats import (
    BLACK,
    FIVE,
    GREEN,
    RED,
    YELLOW,
    ZERO,
    Group,
    Result,
    SessionStats,
    Share,
    Tally,
)
from terminal.screens.texts import Texts

Colour = tuple[int, int, int]

# The results' colours: the cloth's red, black and green zero, boule's yellow 5 (section 04 II),
# and for the wheel of fortune a colour per symbol (the regulation paints none: ours).
COLOURS: dict[str, Colour] = {
    RED: kit.RED,
    BLACK: kit.BLACK,
    GREEN: kit.GREEN,
    YELLOW: (242, 196, 24),
    **kit.SYMBOL_COLOURS,
}
JOKER_STAR = (236, 178, 20)
RIM = (225, 232, 225)  # round every disc: a black one stands out from the background
DARK_INK = (16, 16, 18)
HOT = (255, 128, 64)
COLD = (120, 190, 255)
TONES: tuple[Colour, ...] = ((52, 92, 160), (88, 94, 112), (122, 78, 156))  # neutral chances
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
    gap = margin
    if body is not None or stats is None:
        drawn["body"] = area
        if body is not None:
            body(surface, area, s)
        return drawn
    if portrait:  # results, hot and cold, shares from the top down
        results = pygame.Rect(area.x, area.y, area.w, round(area.h * 0.39))
        hot_cold = pygame.Rect(area.x, results.bottom + gap, area.w, round(area.h * 0.25))
        shares = pygame.Rect(
            area.x, hot_cold.bottom + gap, area.w, area.bottom - hot_cold.bottom - gap
        )
    else:  # results across, then hot and cold beside the shares
        results = pygame.Rect(area.x, area.y, area.w, round(area.h * 0.4))
        below = area.bottom - results.bottom - gap
        hot_cold = pygame.Rect(area.x, results.bottom + gap, round(area.w * 0.42), below)
        shares = pygame.Rect(
            hot_cold.right + gap, hot_cold.y, area.right - hot_cold.right - gap, below
        )
    drawn["results"] = results
    newest = _results(surface, results, stats, texts, s)
    if newest is not None:
        drawn["newest"] = newest
    drawn["hot"], drawn["cold"] = _hot_cold(surface, hot_cold, stats, texts, s)
    drawn["shares"] = shares
    _shares(surface, shares, stats, texts, s)
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
    advance = texts("players_advance", amount=texts.money(info.advance))
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


# -- discs ------------------------------------------------------------------------------------


def _ink(colour: Colour) -> Colour:
    """Text that reads on `colour`: dark on the light ones, light on the rest."""
    r, g, b = colour
    return DARK_INK if 0.299 * r + 0.587 * g + 0.114 * b > 150 else kit.TEXT


def _centred(
    surface: pygame.Surface, string: str, centre: tuple[int, int], size: int, colour: Colour
) -> None:
    """`string` with its ink (not its line) centred on `centre`."""
    face = kit.font(size)
    metrics = [m for m in face.metrics(string) if m is not None]
    ascent = face.get_ascent()
    if metrics:
        top = ascent - max(m[3] for m in metrics)
        bottom = ascent - min(m[2] for m in metrics)
    else:
        top, bottom = 0, face.get_height()
    kit.text(
        surface,
        string,
        (centre[0], centre[1] - (top + bottom) // 2),
        size=size,
        colour=colour,
        align="center",
    )


def _label_size(string: str, width: float, height: float) -> int:
    """The largest text size (of the kit's) at which `string` fits `width` x `height` of ink."""
    size = max(8, int(height / 0.6875 / 0.74))
    while size > 8 and kit.font(size).size(string)[0] > width:
        size = max(8, int(size * 0.9))
    return size


def _star(centre: tuple[int, int], outer: float) -> list[tuple[float, float]]:
    inner = outer * 0.45
    return [
        (
            centre[0] + (outer if k % 2 == 0 else inner) * math.sin(k * math.pi / 5),
            centre[1] - (outer if k % 2 == 0 else inner) * math.cos(k * math.pi / 5),
        )
        for k in range(10)
    ]


def disc(
    surface: pygame.Surface,
    centre: tuple[int, int],
    diameter: int,
    result: Result,
    newest: bool = False,
) -> pygame.Rect:
    """A result as a disc in its colour, its number (symbol) on it; the newest ringed in amber.
    The wheel of fortune's jokers bear a star."""
    radius = diameter // 2
    fill = COLOURS[result.colour]
    if newest:
        pygame.draw.circle(surface, kit.ACCENT, centre, radius + max(3, diameter // 14))
        pygame.draw.circle(surface, kit.BACKGROUND, centre, radius + max(1, diameter // 40))
    pygame.draw.circle(surface, fill, centre, radius)
    pygame.draw.circle(surface, RIM, centre, radius, width=max(2, diameter // 32))
    if result.label.startswith("J"):  # a joker: a star bearing its number
        pygame.draw.polygon(surface, JOKER_STAR, _star(centre, radius * 0.78))
        label = result.label[1:]
        size = _label_size(label, radius * 0.5, radius * 0.42)
        _centred(surface, label, (centre[0], centre[1] + radius // 12), size, DARK_INK)
    else:
        size = _label_size(result.label, diameter * 0.72, diameter * 0.44)
        _centred(surface, result.label, centre, size, _ink(fill))
    return pygame.Rect(centre[0] - radius, centre[1] - radius, 2 * radius, 2 * radius)


# -- the last results ---------------------------------------------------------------------------


def _ring(diameter: int) -> int:
    """How far the newest's amber ring stands out of its disc."""
    return max(3, diameter // 14) + 2


def _results(
    surface: pygame.Surface, area: pygame.Rect, stats: SessionStats, texts: Texts, s: float
) -> pygame.Rect | None:
    """The last results, the newest first and largest; its disc's rectangle."""
    results = stats.last(60)
    if not results:
        _centred(surface, texts("players_no_results"), area.center, round(36 * s), kit.DIM)
        return None
    if area.w >= 2.2 * area.h:  # a row, each disc smaller than the one before
        cell = min(area.h, round(area.w * 0.3))
        newest = disc(
            surface,
            (area.x + cell // 2, area.centery),
            cell - 2 * _ring(cell),
            results[0],
            newest=True,
        )
        gap = max(4, round(cell * 0.05))
        x = area.x + cell + gap
        for i, result in enumerate(results[1:]):
            d = round(cell * max(0.34, 0.66 * 0.92**i))
            if x + d > area.right:
                break
            disc(surface, (x + d // 2, area.centery), d, result)
            x += d + gap
        return newest
    # a block: the newest at the top left, two rows of smaller ones beside it, smaller below
    cell = min(area.h, round(area.w * 0.4))
    newest = disc(
        surface,
        (area.x + cell // 2, area.y + cell // 2),
        cell - 2 * _ring(cell),
        results[0],
        newest=True,
    )
    gap = max(4, round(cell * 0.04))
    beside = pygame.Rect(area.x + cell + gap, area.y, area.right - area.x - cell - gap, cell)
    d1 = min((cell - gap) // 2, (beside.w - 2 * gap) // 3)
    rows = [(beside, d1, 2)]
    below = pygame.Rect(area.x, area.y + cell + gap, area.w, area.bottom - area.y - cell - gap)
    d2 = min(round(d1 * 0.75), below.h)
    if d2 >= d1 * 0.4:
        rows.append((below, d2, (below.h + gap) // (d2 + gap)))
    rest = iter(results[1:])
    for row_area, d, count in rows:
        per_row = (row_area.w + gap) // (d + gap)
        spare = (row_area.w - per_row * (d + gap) + gap) // 2  # the row centred
        for r in range(count):
            for c in range(per_row):
                following = next(rest, None)
                if following is None:
                    return newest
                centre = (
                    row_area.x + spare + c * (d + gap) + d // 2,
                    row_area.y + r * (d + gap) + d // 2,
                )
                disc(surface, centre, d, following)
    return newest


# -- hot and cold -------------------------------------------------------------------------------


def _hot_cold(
    surface: pygame.Surface, area: pygame.Rect, stats: SessionStats, texts: Texts, s: float
) -> tuple[pygame.Rect, pygame.Rect]:
    """The hot numbers above the cold ones, each with its count under it."""
    n = 5 if len(stats.values) > 12 else 3
    gap = round(6 * s)
    hot = pygame.Rect(area.x, area.y, area.w, (area.h - gap) // 2)
    cold = pygame.Rect(area.x, hot.bottom + gap, area.w, area.bottom - hot.bottom - gap)
    tallies = (stats.hot(n), stats.cold(n)) if stats.rounds else ([], [])
    for rect, title, colour, row in (
        (hot, texts("players_hot"), HOT, tallies[0]),
        (cold, texts("players_cold"), COLD, tallies[1]),
    ):
        kit.panel(surface, rect)
        _tally_row(surface, rect, title, colour, row, n, s)
    return hot, cold


def _tally_row(
    surface: pygame.Surface,
    rect: pygame.Rect,
    title: str,
    colour: Colour,
    tallies: list[Tally],
    n: int,
    s: float,
) -> None:
    """The title beside the discs or above them, whichever leaves them larger."""
    pad = round(6 * s)
    inner = rect.inflate(-2 * pad, -2 * pad)
    title_size = round(26 * s)
    title_w, title_h = kit.font(title_size).size(title)
    gap = round(6 * s)

    def fitted(row: pygame.Rect) -> tuple[int, int]:  # the discs' diameter, the counts' size
        size = max(round(20 * s), round(row.h * 0.26))
        d = min((row.w - gap * (n - 1)) // n, row.h - kit.font(size).get_linesize())
        return d, size

    beside = pygame.Rect(inner.x + title_w + 2 * pad, inner.y, inner.w - title_w - 2 * pad, inner.h)
    above = pygame.Rect(inner.x, inner.y + title_h, inner.w, inner.h - title_h)
    if fitted(beside)[0] >= fitted(above)[0]:
        row = beside
        kit.text(
            surface, title, (inner.x, inner.centery - title_h // 2), size=title_size, colour=colour
        )
    else:
        row = above
        kit.text(surface, title, inner.topleft, size=title_size, colour=colour, width=inner.w)
    d, count_size = fitted(row)
    if d < 8 or not tallies:
        return
    count_h = kit.font(count_size).get_linesize()
    x = row.x + (row.w - n * d - (n - 1) * gap) // 2
    y = row.y + (row.h - d - count_h) // 2
    for tally in tallies:
        disc(surface, (x + d // 2, y + d // 2), d, tally.result)
        kit.text(
            surface,
            f"×{tally.count}",
            (x + d // 2, y + d),
            size=count_size,
            colour=kit.TEXT,
            align="center",
        )
        x += d + gap


# -- the shares -------------------------------------------------------------------------------


def rounded_percents(counts: Sequence[int]) -> list[int]:
    """Whole percentages of `counts` adding up to 100 (largest remainders; of equal remainders
    the larger count, then the first), for the bars: the exact ones are the statistics'."""
    total = sum(counts)
    if not total:
        return [0] * len(counts)
    floors = [100 * c // total for c in counts]
    order = sorted(range(len(counts)), key=lambda i: (-(100 * counts[i] % total), -counts[i], i))
    for i in order[: 100 - sum(floors)]:
        floors[i] += 1
    return floors


def _share_label(share: Share, stats: SessionStats, texts: Texts) -> str:
    family, _, index = share.name.partition(":")
    if share.name in (ZERO, FIVE):
        (value,) = share.values
        return stats.result(value).label
    if family == "dozen":
        numbers = sorted(int(v) for v in share.values)
        return f"{numbers[0]}-{numbers[-1]}"
    if family == "column":
        return texts("players_column", n=index)
    return texts.bet(share.name)


def _share_colour(group: Group, index: int, share: Share) -> Colour:
    if share.name == ZERO:
        return COLOURS[GREEN]
    if share.name == FIVE:
        return COLOURS[YELLOW]
    if group.name == "colour":
        return COLOURS[share.name]
    return TONES[index % len(TONES)]


def _shares(
    surface: pygame.Surface, area: pygame.Rect, stats: SessionStats, texts: Texts, s: float
) -> None:
    kit.panel(surface, area)
    pad = round(6 * s)
    inner = area.inflate(-2 * pad, -2 * pad)
    caption_size = round(22 * s)
    rounds = (
        texts("players_one_round") if stats.rounds == 1 else texts("players_rounds", n=stats.rounds)
    )
    kit.text(
        surface, rounds, (inner.right, inner.y), size=caption_size, colour=kit.DIM, align="right"
    )
    groups = stats.groups()
    top = inner.y + kit.font(caption_size).get_linesize()
    rows = pygame.Rect(inner.x, top, inner.w, inner.bottom - top)
    if len(groups) == 1 and len(groups[0].shares) > 5:  # the wheel of fortune: a bar a symbol
        _symbol_columns(surface, rows, groups[0], stats, s)
        return
    gap = round(5 * s)
    bar_h = min(round(64 * s), (rows.h - gap * (len(groups) - 1)) // len(groups))
    y = rows.y + (rows.h - bar_h * len(groups) - gap * (len(groups) - 1)) // 2
    for group in groups:
        _stacked_bar(surface, pygame.Rect(rows.x, y, rows.w, bar_h), group, stats, texts, s)
        y += bar_h + gap


def _stacked_bar(
    surface: pygame.Surface,
    rect: pygame.Rect,
    group: Group,
    stats: SessionStats,
    texts: Texts,
    s: float,
) -> None:
    """One group's shares side by side across `rect`, each as wide as its share, its name and
    percentage on it as far as they fit."""
    size = min(round(34 * s), int(rect.h * 0.66 / 0.6875))
    total = sum(share.count for share in group.shares)
    if not total:
        pygame.draw.rect(surface, kit.PANEL_EDGE, rect, width=2)
        _centred(surface, "—", rect.center, size, kit.DIM)
        return
    percents = rounded_percents([share.count for share in group.shares])
    x, done = rect.x, 0
    for index, share in enumerate(group.shares):
        if not share.count:
            continue
        done += share.count
        right = rect.x + round(rect.w * done / total)
        segment = pygame.Rect(x, rect.y, right - x, rect.h)
        x = right
        fill = _share_colour(group, index, share)
        pygame.draw.rect(surface, fill, segment)
        pygame.draw.line(surface, kit.BACKGROUND, segment.topleft, segment.bottomleft, 2)
        label, figure = _share_label(share, stats, texts), f"{percents[index]}%"
        room = segment.w - round(8 * s)
        smaller = round(size * 0.8)
        for string, at in (
            (f"{label} {figure}", size),
            (f"{label} {figure}", smaller),
            (figure, size),
            (figure, smaller),
            (label, size),
        ):
            if kit.font(at).size(string)[0] <= room:
                _centred(surface, string, segment.center, at, _ink(fill))
                break
    pygame.draw.rect(surface, RIM, rect, width=2)


def _symbol_columns(
    surface: pygame.Surface, area: pygame.Rect, group: Group, stats: SessionStats, s: float
) -> None:
    """A column per symbol: its disc at the foot, its count under it, a bar rising from it as
    tall as its count beside the largest, its percentage on top."""
    n = len(group.shares)
    gap = round(8 * s)
    col_w = (area.w - gap * (n - 1)) // n
    figure_size = min(round(30 * s), int(col_w * 0.42 / 0.6875 / 1.3))
    count_size = min(round(24 * s), figure_size)
    figure_h = kit.font(figure_size).get_linesize()
    count_h = kit.font(count_size).get_linesize()
    d = min(col_w, round((area.h - figure_h - count_h) * 0.4))
    most = max((share.count for share in group.shares), default=0)
    percents = rounded_percents([share.count for share in group.shares])
    foot = area.bottom - count_h  # the disc's bottom
    bar_top = area.y + figure_h
    bar_w = max(6, round(col_w * 0.5))
    for index, share in enumerate(group.shares):
        (value,) = share.values
        result = stats.result(value)
        cx = area.x + index * (col_w + gap) + col_w // 2
        disc(surface, (cx, foot - d // 2), d, result)
        kit.text(
            surface, f"×{share.count}", (cx, foot), size=count_size, colour=kit.TEXT, align="center"
        )
        full = foot - d - gap - bar_top  # the tallest bar's height
        height = round(full * share.count / most) if most else 0
        bar = pygame.Rect(cx - bar_w // 2, foot - d - gap - height, bar_w, height)
        if height:
            pygame.draw.rect(surface, COLOURS[result.colour], bar)
            pygame.draw.rect(surface, RIM, bar, width=1)
        kit.text(
            surface,
            f"{percents[index]}%",
            (cx, bar.top - figure_h),
            size=figure_size,
            colour=kit.TEXT,
            align="center",
        )
