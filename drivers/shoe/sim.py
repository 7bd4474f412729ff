"""The simulated card shoe, a product feature (demos, laptop mode): real decks of the kind the
table asks for (new_shoe's `deck`: French decks, Spanish packs) shuffled by a seeded generator,
the cut card where it was placed, drivable (the next cards are these, the next card comes out
face up or unreadable) and recording everything it emitted.

URL: sim://shoe?deal=SECONDS&seed=N&face_up=P&unreadable=P (`deal`: seconds from deal() or
new_shoe() to what it reports, 0: emitted inside the call; `face_up`, `unreadable`: the
probability that a card comes out face up, or unread)
"""

from __future__ import annotations

from collections.abc import Mapping
from urllib.parse import urlsplit

from drivers.shoe.base import Shoe
from drivers.shoe.events import (
    FRENCH,
    CardDrawn,
    CutCardOut,
    ShoeEvent,
    ShoeLoaded,
    shoe_fault,
)
from drivers.shoe.loaded import DrivenShoe, LoadedShoe
from drivers.simulated import Plan, Simulated, probability, seconds


class SimShoe(DrivenShoe, Simulated[ShoeEvent], Shoe):
    """Each deal() takes its card at once (the same seed and calls give the same events) and a
    worker thread reports it `deal` seconds later; with deal=0 it is emitted before deal()
    returns, without sleeping. No shoe is loaded until new_shoe()."""

    SELFTEST_CHECKS = ("card_reader", "cut_card_sensor", "deal_lamp")
    FAILED = "failed (injected)"

    def __init__(self, url: str, *, seed: int | None = None):
        super().__init__(url)
        parts = urlsplit(url)
        if parts.netloc != "shoe" or parts.path:
            raise self._error(
                "not a simulated card shoe's URL",
                "write sim://shoe?deal=SECONDS&face_up=P&unreadable=P",
            )
        params = self._query(
            {"deal": seconds, "seed": int, "face_up": probability, "unreadable": probability}
        )
        self.deal_seconds: float = params.get("deal", 0.5)
        self.face_up_odds: float = params.get("face_up", 0.0)
        self.unreadable_odds: float = params.get("unreadable", 0.0)
        self._simulate(params.get("seed") if seed is None else seed, self.deal_seconds)
        self._shoe = LoadedShoe()
        self._forced_fault: str | None = None

    # Driving it: stack() and fail_next() (DrivenShoe)

    # The backend

    def _deal(self) -> None:
        with self._lock:
            plan = self._plan()
        self._submit(plan)

    def resume(
        self, decks: int, cut_after: int | None, dealt: Mapping[str, int], deck: str = FRENCH
    ) -> None:
        """What is left of the shoe the table was dealing from, shuffled: the table's restart
        costs no coup (the process that held the cards is gone)."""
        super().resume(decks, cut_after, dealt, deck)
        with self._lock:
            self._shoe = LoadedShoe.rest(decks, cut_after, dealt, self._rng, deck)

    def _new_shoe(self, decks: int, cut_after: int | None, deck: str) -> None:
        with self._lock:
            self._shoe = LoadedShoe.shuffled(decks, cut_after, self._rng, deck)
        self._submit([(1.0, ShoeLoaded(decks))])

    def _plan(self) -> Plan:
        """What the next deal reports. Every deal draws the same two numbers, so that forcing
        one card's fault does not change the following deals."""
        face_up = self._rng.random() < self.face_up_odds
        unreadable = self._rng.random() < self.unreadable_odds
        cut, card = self._shoe.take()
        plan: Plan = [(1.0, CutCardOut())] if cut else []
        if card is None:
            return plan + [(1.0, event) for event in shoe_fault("shoe_empty")]
        fault = self._forced_fault or (
            "card_face_up" if face_up else "unreadable_card" if unreadable else None
        )
        self._forced_fault = None
        if fault is None:
            return plan + [(1.0, CardDrawn(card))]
        return plan + [(1.0, event) for event in shoe_fault(fault)]
