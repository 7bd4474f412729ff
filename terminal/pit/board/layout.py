"""Where everything sits on the pit board: rectangle arithmetic for a screen size and the number
of tables on the floor, shared by the drawing and by the taps, so that what is drawn is exactly
what can be touched.

```
+------------------------------ header ------------------------------+
| tiles (cols x rows, one page)                 | open alerts + ACK  |
|   or one table's detail                       |                    |
| [< prev] page 3/25 [next >]  [jump to alarms] | acknowledged       |
+------------------------------ status ------------------------------+
```
The tiles fill the width left of the alerts panel. A page holds as many tiles as fit at
TILE_MIN, so their text stays readable (at 1920x1080, 5 x 4); a floor that fits on fewer tiles
gets the columns and rows that make its tiles largest (their text grows up to TILE_GROW times,
tiles.py), with as few empty places as that allows: 3 tables at 1920x1080 are 3 tiles side by
side, 8 are 4 x 2. A tile is never taller than TILE_TALL times its width's share of TILE_BASE,
so a few tiles are not stretched into towers. Below 1024x720 (a 7-inch 800x480 screen) the
header, status line and page bar are slimmer and tiles may be smaller (TILE_MIN_COMPACT).
Buttons are BUTTON_H high (52 pixels on a small screen), about a finger on a 24-inch 1080p
screen.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache

from pygame import Rect

HEADER_H = 64
STATUS_H = 40
BAR_H = 80
PANEL_W = 520
GAP = 8
BUTTON_H = 64
TILE_BASE = (260, 216)  # a tile whose text is at its base sizes (tiles.py)
TILE_MIN = TILE_BASE
TILE_MIN_COMPACT = (208, 173)  # four-fifths of TILE_BASE, on a small screen
TILE_GROW = 1.75  # a tile's text grows to this many times its base sizes, no more
TILE_TALL = 1.05  # a tile's height is at most this times TILE_BASE's proportion of its width
EMPTY_COST = 0.05  # of text growth, what an empty place on a page is worth giving up
ALERT_ROW_H = 80  # an open alert's row at least; one with a long text grows (alerts.py)
ACK_W = 120
SECTION_HEADER_H = 44
OPEN_SHARE = 0.62  # of the alerts panel, for the open alerts; the rest lists acknowledged ones
ACKNOWLEDGED_ROW_H = 48
BIAS_CHART_H = 300
BIAS_LABELS_H = 26
# (header, status, page bar, button) heights on a small screen
COMPACT = (44, 30, 60, 52)


@dataclass(frozen=True)
class Layout:
    size: tuple[int, int]
    tables: int = 0  # the tables of the floor: how the tiles of a page are arranged

    @cached_property
    def compact(self) -> bool:
        return self.size[0] < 1024 or self.size[1] < 720

    @cached_property
    def bars(self) -> tuple[int, int, int, int]:
        """The heights of the header, the status line, the page bar and a button."""
        return COMPACT if self.compact else (HEADER_H, STATUS_H, BAR_H, BUTTON_H)

    @property
    def button_h(self) -> int:
        return self.bars[3]

    @cached_property
    def header(self) -> Rect:
        return Rect(0, 0, self.size[0], self.bars[0])

    @cached_property
    def status(self) -> Rect:
        return Rect(0, self.size[1] - self.bars[1], self.size[0], self.bars[1])

    @cached_property
    def panel(self) -> Rect:
        width = min(PANEL_W, self.size[0] // 3)
        top = self.header.bottom
        return Rect(self.size[0] - width, top, width, self.status.y - top)

    @cached_property
    def main(self) -> Rect:
        """Left of the alerts panel: the tiles and their page bar, or one table's detail."""
        return Rect(0, self.panel.y, self.panel.x, self.panel.h)

    # --- the floor: tiles and pages

    @cached_property
    def grid(self) -> Rect:
        return Rect(self.main.x, self.main.y, self.main.w, self.main.h - self.bars[2])

    @cached_property
    def page_bar(self) -> Rect:
        return Rect(self.main.x, self.grid.bottom, self.main.w, self.bars[2])

    @cached_property
    def tile_min(self) -> tuple[int, int]:
        return TILE_MIN_COMPACT if self.compact else TILE_MIN

    @cached_property
    def capacity(self) -> tuple[int, int]:
        """(columns, rows) of the tiles of a full page: as many as fit at tile_min."""
        return (
            max(1, self.grid.w // self.tile_min[0]),
            max(1, self.grid.h // self.tile_min[1]),
        )

    @cached_property
    def shape(self) -> tuple[int, int]:
        """(columns, rows) of tiles on a page: the full page's for a floor that fills pages,
        else those whose tiles are largest, an empty place costing EMPTY_COST of growth, and
        of equals those whose tiles are nearest TILE_BASE's proportions."""
        most_cols, most_rows = self.capacity
        if not 0 < self.tables < most_cols * most_rows:
            return most_cols, most_rows
        best: tuple[tuple[float, float], tuple[int, int]] | None = None
        for cols in range(1, min(most_cols, self.tables) + 1):
            rows = -(-self.tables // cols)
            if rows > most_rows:
                continue
            w, h = self.grid.w / cols, self._tile_height(self.grid.w // cols, rows)
            grow = min(w / TILE_BASE[0], h / TILE_BASE[1], TILE_GROW)
            proportion = abs((w / h) / (TILE_BASE[0] / TILE_BASE[1]) - 1)
            key = (round(grow - EMPTY_COST * (cols * rows - self.tables), 3), -proportion)
            if best is None or key > best[0]:
                best = (key, (cols, rows))
        assert best is not None  # most_cols columns always fit: tables < most_cols * most_rows
        return best[1]

    def _tile_height(self, width: int, rows: int) -> int:
        tallest = round(width * TILE_BASE[1] / TILE_BASE[0] * TILE_TALL)
        return min(self.grid.h // rows, max(self.tile_min[1], tallest))

    @property
    def per_page(self) -> int:
        return self.shape[0] * self.shape[1]

    @cached_property
    def tile_slots(self) -> list[Rect]:
        """The tiles of a page, row by row: the columns share the grid's whole width (a pixel
        left over goes to a column, none is left unused), GAP between two tiles."""
        cols, rows = self.shape
        edges = [self.grid.x + self.grid.w * c // cols for c in range(cols + 1)]
        h = self._tile_height(self.grid.w // cols, rows)
        return [
            Rect(
                edges[c] + GAP // 2,
                self.grid.y + r * h + GAP // 2,
                edges[c + 1] - edges[c] - GAP,
                h - GAP,
            )
            for r in range(rows)
            for c in range(cols)
        ]

    @cached_property
    def page_buttons(self) -> dict[str, Rect]:
        """ "prev", "next" and "alarms" buttons, and the "label" between prev and next."""
        bar, button_h = self.page_bar, self.button_h
        y = bar.y + (bar.h - button_h) // 2
        room = bar.w - 5 * GAP
        step, alarms_w = min(210, room * 2 // 9), min(280, room // 3)
        prev = Rect(bar.x + GAP, y, step, button_h)
        label = Rect(prev.right + GAP, y, step, button_h)
        return {
            "prev": prev,
            "label": label,
            "next": Rect(label.right + GAP, y, step, button_h),
            "alarms": Rect(bar.right - GAP - alarms_w, y, alarms_w, button_h),
        }

    # --- the alerts panel

    @cached_property
    def open_section(self) -> Rect:
        return Rect(self.panel.x, self.panel.y, self.panel.w, int(self.panel.h * OPEN_SHARE))

    @cached_property
    def alert_area(self) -> Rect:
        """Where one page of open alerts goes, their rows as tall as their texts need
        (alerts.py), above the "newer" and "older" buttons."""
        section = self.open_section
        top = section.y + SECTION_HEADER_H
        bottom = section.bottom - 2 * GAP - self.button_h
        return Rect(section.x + GAP, top, section.w - 2 * GAP, max(ALERT_ROW_H, bottom - top))

    @cached_property
    def ack_w(self) -> int:
        return min(ACK_W, self.alert_area.w // 3)

    def ack_button(self, row: Rect) -> Rect:
        """An open alert's ACK button: the right of its row, from its top, as tall as the
        smallest row (a tall row's text is beside a button of the usual size)."""
        return Rect(row.right - self.ack_w, row.y, self.ack_w, min(row.h, ALERT_ROW_H - GAP))

    @cached_property
    def alert_page_buttons(self) -> dict[str, Rect]:
        section, button_h = self.open_section, self.button_h
        y, w = section.bottom - GAP - button_h, (section.w - 3 * GAP) // 2
        return {
            "newer": Rect(section.x + GAP, y, w, button_h),
            "older": Rect(section.x + 2 * GAP + w, y, w, button_h),
        }

    @cached_property
    def acknowledged_section(self) -> Rect:
        top = self.open_section.bottom
        return Rect(self.panel.x, top, self.panel.w, self.panel.bottom - top)

    # --- one table's detail

    @cached_property
    def back_button(self) -> Rect:
        return Rect(self.main.x + GAP, self.main.y + GAP, 180, self.button_h)

    @cached_property
    def bias_chart(self) -> Rect:
        """The per-pocket bars, their labels below them (the last BIAS_LABELS_H pixels); a
        third of the detail's height at most."""
        height = min(BIAS_CHART_H, self.main.h // 3)
        return Rect(
            self.main.x + 2 * GAP, self.main.bottom - GAP - height, self.main.w - 4 * GAP, height
        )

    @cached_property
    def bias_title(self) -> Rect:
        """The bias block's text, above its chart; or at the foot of the detail when there is
        no chart (`bias_text`)."""
        return Rect(
            self.bias_chart.x,
            self.bias_chart.y - 2 * SECTION_HEADER_H,
            self.bias_chart.w,
            2 * SECTION_HEADER_H,
        )

    @cached_property
    def bias_text(self) -> Rect:
        """The bias block's text alone (no statistics for this table: no chart to draw)."""
        title = self.bias_title
        return Rect(title.x, self.main.bottom - GAP - title.h, title.w, title.h)

    def detail_columns(self, chart: bool = True) -> list[Rect]:
        """Three columns between the back button and the bias block (with its `chart` or
        without): the table, its limits and faults, its alerts."""
        top = self.back_button.bottom + 2 * GAP
        w = (self.main.w - 4 * GAP) // 3
        h = (self.bias_title if chart else self.bias_text).y - GAP - top
        return [Rect(self.main.x + 2 * GAP + i * w, top, w - 2 * GAP, h) for i in range(3)]


@lru_cache(maxsize=8)
def layout_for(size: tuple[int, int], tables: int = 0) -> Layout:
    width, height = size  # a plain tuple, whatever pair the display gave
    return Layout((width, height), tables)


def bias_cells(chart: Rect, count: int) -> list[Rect]:
    """The `count` columns of the bias chart, left to right, above their labels."""
    if count <= 0:
        return []
    w = chart.w // count
    return [
        Rect(chart.x + i * w, chart.y, max(1, w - 2), chart.h - BIAS_LABELS_H) for i in range(count)
    ]
