"""American roulette's own event kinds (docs/events.md): the colour chips of section 02."""

from __future__ import annotations

from games.game import Kind
from games.money import money

COLOUR_KINDS = {
    "colour.assign": Kind(
        "a seat takes a colour, each chip worth its unit",
        lambda data: (
            f"seat {data['seat']} plays {data['colour']} chips worth {money(data['unit'])}"
        ),
    ),
    "colour.value_chips": Kind(
        "every colour is taken: the seat plays value chips",
        lambda data: f"seat {data['seat']} plays value chips",
    ),
    "colour.release": Kind(
        "the seat leaves; its colour is free",
        lambda data: f"seat {data['seat']} leaves; its colour is free",
    ),
}
