"""The outcome entered by hand: on the pad of the table's device, shown large, settled only
once confirmed (a card game's coup card by card); and a round's outcome as the croupier
called it, which the payouts, the correction and the history say."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from games.cards.coup import Need
from games.game import COUP
from games.records import sentences
from terminal.screens import kit, pads
from terminal.screens.app import Target
from terminal.screens.croupier.dialog import Dialog, pad_targets
from terminal.screens.pads import Confirmation
from terminal.screens.texts import catalogue
from terminal.screens.views.cards import CardView

if TYPE_CHECKING:
    from terminal.screens.app import CroupierApp

# a coup's places as the correction's cards name them (the part of the place before ":")
PLACES = {
    "player": "pads_place_player",
    "banker": "pads_place_banker",
    "noir": "pads_place_noir",
    "rouge": "pads_place_rouge",
    "dealer": "pads_place_dealer",
    "bank": "pads_place_bank",
    "box": "pads_place_box",
    "burn": "pads_place_burn",
    "draw": "pads_place_draw",  # a card drawn until one decides (monte)
    "layout": "pads_place_layout",  # a card laid out for a place before the bets (monte)
}


def place_text(texts, place: str) -> str:
    """A coup's place ("box:3.2", "banker", "burn") as the croupier calls it."""
    kind, _, n = place.partition(":")
    key = PLACES.get(kind, f"pads_place_{kind}")  # a game's own place: its texts' key
    if key not in catalogue():
        return place
    return texts(key, n=n) if n else texts(key)


def outcome_pad(app: CroupierApp, on_pick):
    """The pad of the table's device: the numbers as the cloth lays them out, the dice, a card."""
    return pads.outcome_pad(app.table.game, app.table.rules, on_pick)


def enter(app: CroupierApp, value: Any) -> None:
    """A confirmed outcome to the table's hand device, as entered by the croupier."""
    hand = app.hand
    if isinstance(value, tuple):
        hand.enter(*value, by=app.croupier)
    else:
        hand.enter(value, by=app.croupier)


class OutcomeDialog(Dialog):
    """The outcome on its pad; once picked, shown large until confirmed (or cancelled)."""

    name = "outcome"

    def __init__(self, app: CroupierApp):
        super().__init__(app)
        self.round = app.model.state.round
        self.pad = outcome_pad(app, self._picked)
        self.confirmation: Confirmation | None = None

    def _picked(self, value: Any) -> None:
        self.confirmation = self.pad.confirmation(
            self._confirmed, self._cancelled, away=self.app.last_tap
        )

    def _confirmed(self, value: Any) -> None:
        enter(self.app, value)
        self.confirmation = None
        self.pad.clear()
        if self.app.table.game.kind != COUP:  # a coup's cards are entered one after another
            self.close()

    def _cancelled(self) -> None:
        self.confirmation = None

    def _need(self) -> Need | None:
        """What a coup needs next, as the journal has it (None: not a card game's coup)."""
        view = self.app.screens.table.view
        return view.need() if isinstance(view, CardView) else None

    def done(self) -> bool:
        """Over once the round is; at a card game, also when the coup asks a player's decision:
        the croupier takes it on the table, then opens the pad again for the next card."""
        st = self.app.model.state
        if self.closed or st.round != self.round or st.round_status is None:
            return True
        need = self._need() if self.confirmation is None else None
        return need is not None and need.kind == "decision"

    def title(self) -> str:
        need = self._need()
        if need is not None and need.kind == "card" and need.place:
            place = place_text(self.app.texts, need.place)
            return self.app.texts("outcome_card_for", n=self.round, place=place)
        return self.app.texts("outcome_title", n=self.round)

    def body(self, surface: pygame.Surface, rect: pygame.Rect) -> list[Target]:
        if self.confirmation is not None:
            return pad_targets(self.confirmation, surface, rect, self.app)
        if self.app.table.game.kind != COUP:
            return pad_targets(self.pad, surface, rect, self.app)
        # a card game: the cut card comes out among the cards
        app, s = self.app, self.app.s
        h = max(kit.MIN_TARGET, int(52 * s))
        pad_rect = pygame.Rect(rect.x, rect.y, rect.w, rect.h - h - int(8 * s))
        targets = pad_targets(self.pad, surface, pad_rect, app)
        cut = kit.Button(
            pygame.Rect(rect.right - int(220 * s), rect.bottom - h, int(220 * s), h),
            app.texts("cut_card"),
            lambda: app.hand.cut(by=app.croupier),
            size=int(22 * s),
            name="cut_card",
        )
        cut.draw(surface)
        return [*targets, cut]


def outcome_words(app: CroupierApp, result: dict[str, Any]) -> str:
    """A round's outcome as the croupier called it, in the screen's language (the journaled
    announcement), else as the game writes it."""
    said = result.get("announcement", {}).get("text", {}).get(app.texts.language)
    return said or app.table.game.result_text(result["outcome"])


def short_outcome(app: CroupierApp, result: dict[str, Any]) -> str:
    """A round's outcome in a few characters (17, 3-4); a card game's, the first sentence of
    the croupier's call in the screen's language (its short text names places in English; the
    carrousel's boxes follow in the round's detail)."""
    if app.table.game.kind == COUP:
        return sentences(outcome_words(app, result))[0]
    return app.table.game.result_text(result["outcome"])
