"""The technician signs in with their PIN (the staff file's `technician` role); the table checks
it on its thread and journals `technician.in`, and the technician's screen follows from that."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from terminal.runtime.staffed.session import PERSON_REFUSALS, Signature
from terminal.runtime.staffed.technician import ROLE, TechnicianIn
from terminal.screens.app import Target
from terminal.screens.croupier.dialog import Dialog, pad_targets
from terminal.screens.pads import PersonPad

if TYPE_CHECKING:
    from terminal.screens.app import CroupierApp


class TechnicianSignIn(Dialog):
    name = "technician_sign_in"

    def __init__(self, app: CroupierApp):
        super().__init__(app)
        self.posted = False
        self.pad = PersonPad(app.people(ROLE), app.texts("who_technician"), on_done=self._signed)

    def _signed(self, person: str, pin: str) -> None:
        self.posted = True
        self.app.post(TechnicianIn(Signature(person, pin)))

    def done(self) -> bool:
        return self.closed or self.app.model.state.technician is not None

    def title(self) -> str:
        return self.app.texts("technician_sign_in")

    def body(self, surface: pygame.Surface, rect: pygame.Rect) -> list[Target]:
        refusal = self.refused("technician")
        if refusal is not None and self.posted:
            self.posted = False
            if refusal.key in PERSON_REFUSALS:
                self.pad.refuse(refusal.reason, refusal.why)
            else:  # not now (a round in play): said in the status line
                self.close()
        if self.posted:
            return self.waiting(surface, rect)
        return pad_targets(self.pad, surface, rect, self.app)
