"""Where everything sits on the pit board: rectangle arithmetic for a screen size, shared by
the drawing and by the taps, so that what is drawn is exactly what can be touched.

```
+------------------------------ header ------------------------------+
| tiles (cols x rows, one page)                 | open alerts + ACK  |
|   or one table's detail                       |                    |
| [< prev] page 3/25 [next >]  [jump to alarms] | acknowledged       |
+------------------------------ status ------------------------------+
```
Tiles are never smaller than TILE_MIN, so their text stays readable: at 1920x1080 a page holds
5 x 4 tiles. Buttons are at least BUTTON_H high, about a finger on a 24-inch 1080p screen.
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
TILE_MIN = (260, 216)
ALERT_ROW_H = 80
ACK_W = 120
SECTION_HEADER_H = 44
OPEN_SHARE = 0.62  # of the alerts panel, for the open alerts; the rest lists acknowledged ones
ACKNOWLEDGED_ROW_H = 48
BIAS_CHART_H = 300
BIAS_LABELS_H = 26


@dataclass(frozen=True)
class Layout:
    size: tuple[int, int]

    @cached_property
    def header(self) -> Rect:
        return Rect(0, 0, self.size[0], HEADER_H)

    @cached_property
    def status(self) -> Rect:
        return Rect(0, self.size[1] - STATUS_H, self.size[0], STATUS_H)

    @cached_property
    def panel(self) -> Rect:
        width = min(PANEL_W, self.size[0] // 3)
        return Rect(self.size[0] - width, HEADER_H, width, self.status.y - HEADER_H)

    @cached_property
    def main(self) -> Rect:
        """Left of the alerts panel: the tiles and their page bar, or one table's detail."""
        return Rect(0, HEADER_H, self.panel.x, self.panel.h)

    # --- the floor: tiles and pages

    @cached_property
    def grid(self) -> Rect:
        return Rect(self.main.x, self.main.y, self.main.w, self.main.h - BAR_H)

    @cached_property
    def page_bar(self) -> Rect:
        return Rect(self.main.x, self.grid.bottom, self.main.w, BAR_H)

    @cached_property
    def shape(self) -> tuple[int, int]:
        """(columns, rows) of tiles on a page."""
        return max(1, self.grid.w // TILE_MIN[0]), max(1, self.grid.h // TILE_MIN[1])

    @property
    def per_page(self) -> int:
        return self.shape[0] * self.shape[1]

    @cached_property
    def tile_slots(self) -> list[Rect]:
        """The tiles of a page, row by row."""
        cols, rows = self.shape
        w, h = self.grid.w // cols, self.grid.h // rows
        return [
            Rect(self.grid.x + c * w + GAP // 2, self.grid.y + r * h + GAP // 2, w - GAP, h - GAP)
            for r in range(rows)
            for c in range(cols)
        ]

    @cached_property
    def page_buttons(self) -> dict[str, Rect]:
        """ "prev", "next" and "alarms" buttons, and the "label" between prev and next."""
        bar, y = self.page_bar, self.page_bar.y + (BAR_H - BUTTON_H) // 2
        room = bar.w - 5 * GAP
        step, alarms_w = min(210, room * 2 // 9), min(280, room // 3)
        prev = Rect(bar.x + GAP, y, step, BUTTON_H)
        label = Rect(prev.right + GAP, y, step, BUTTON_H)
        return {
            "prev": prev,
            "label": label,
            "next": Rect(label.right + GAP, y, step, BUTTON_H),
            "alarms": Rect(bar.right - GAP - alarms_w, y, alarms_w, BUTTON_H),
        }

    # --- the alerts panel

    @cached_property
    def open_section(self) -> Rect:
        return Rect(self.panel.x, self.panel.y, self.panel.w, int(self.panel.h * OPEN_SHARE))

    @cached_property
    def alert_rows(self) -> list[Rect]:
        """The rows of one page of open alerts."""
        section = self.open_section
        room = section.h - SECTION_HEADER_H - BUTTON_H - 2 * GAP
        top = section.y + SECTION_HEADER_H
        return [
            Rect(section.x + GAP, top + i * ALERT_ROW_H, section.w - 2 * GAP, ALERT_ROW_H - GAP)
            for i in range(max(1, room // ALERT_ROW_H))
        ]

    @staticmethod
    def ack_button(row: Rect) -> Rect:
        return Rect(row.right - ACK_W, row.y, ACK_W, row.h)

    @cached_property
    def alert_page_buttons(self) -> dict[str, Rect]:
        section = self.open_section
        y, w = section.bottom - GAP - BUTTON_H, (section.w - 3 * GAP) // 2
        return {
            "newer": Rect(section.x + GAP, y, w, BUTTON_H),
            "older": Rect(section.x + 2 * GAP + w, y, w, BUTTON_H),
        }

    @cached_property
    def acknowledged_section(self) -> Rect:
        top = self.open_section.bottom
        return Rect(self.panel.x, top, self.panel.w, self.panel.bottom - top)

    # --- one table's detail

    @cached_property
    def back_button(self) -> Rect:
        return Rect(self.main.x + GAP, self.main.y + GAP, 180, BUTTON_H)

    @cached_property
    def bias_chart(self) -> Rect:
        """The per-pocket bars, their labels below them (the last BIAS_LABELS_H pixels)."""
        return Rect(
            self.main.x + 2 * GAP,
            self.main.bottom - GAP - BIAS_CHART_H,
            self.main.w - 4 * GAP,
            BIAS_CHART_H,
        )

    @cached_property
    def bias_title(self) -> Rect:
        return Rect(
            self.bias_chart.x,
            self.bias_chart.y - 2 * SECTION_HEADER_H,
            self.bias_chart.w,
            2 * SECTION_HEADER_H,
        )

    @cached_property
    def detail_columns(self) -> list[Rect]:
        """Three columns between the back button and the bias block: the table, its limits and
        faults, its alerts."""
        top = self.back_button.bottom + 2 * GAP
        w = (self.main.w - 4 * GAP) // 3
        h = self.bias_title.y - GAP - top
        return [Rect(self.main.x + 2 * GAP + i * w, top, w - 2 * GAP, h) for i in range(3)]


@lru_cache(maxsize=8)
def layout_for(size: tuple[int, int]) -> Layout:
    width, height = size  # a plain tuple, whatever pair the display gave
    return Layout((width, height))


def bias_cells(chart: Rect, count: int) -> list[Rect]:
    """The `count` columns of the bias chart, left to right, above their labels."""
    if count <= 0:
        return []
    w = chart.w // count
    return [
        Rect(chart.x + i * w, chart.y, max(1, w - 2), chart.h - BIAS_LABELS_H) for i in range(count)
    ]
