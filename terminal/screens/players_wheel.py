"""The players' display at a wheel (the roulettes, boule, the wheel of fortune), its body
between what the table posts (players.py): the last results, the hot and cold numbers and the
shares of the chances, big and in the colours of the cloth.

The layout follows the display's aspect: landscape (800x480, 1280x720, 1920x1080) puts the
results in a row under the header, the hot and cold numbers and the shares side by side below;
portrait (720x1280) stacks them.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from terminal.screens import kit
from terminal.screens.players_discs import COLOURS, RIM, Colour, centred, disc, ink
from terminal.screens.stats import FIVE, GREEN, YELLOW, ZERO, Group, SessionStats, Share, Tally
from terminal.screens.texts import Texts

HOT = (255, 128, 64)
COLD = (120, 190, 255)
TONES: tuple[Colour, ...] = ((52, 92, 160), (88, 94, 112), (122, 78, 156))  # neutral chances


def draw_wheel(
    surface: pygame.Surface,
    area: pygame.Rect,
    stats: SessionStats,
    texts: Texts,
    s: float,
    portrait: bool,
    *,
    gap: int,
) -> dict[str, pygame.Rect]:
    """The body in `area`; the parts' rectangles by name: "results", "newest" (the newest
    result's disc, when there is one), "hot", "cold", "shares"."""
    drawn: dict[str, pygame.Rect] = {}
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
        centred(surface, texts("players_no_results"), area.center, round(36 * s), kit.DIM)
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
        centred(surface, "—", rect.center, size, kit.DIM)
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
                centred(surface, string, segment.center, at, ink(fill))
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
