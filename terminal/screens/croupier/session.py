"""The session's screens at a staffed table (docs/session.md): signing in with the opening
count, a signature, a top-up, the dealer rotation, a change of limits, the close and the
closing count. Each ends in one entry posted to the table (terminal/runtime/staffed/session.py); the
table's answer comes back through the journal, and a refusal shows its reason in the status
line while the screen stays where it was, for the croupier to try again."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from games.records import Limits
from terminal.runtime.staffed.session import (
    PERSON_REFUSALS,
    CloseTable,
    ClosingCount,
    CountedTopUp,
    CroupierChange,
    LimitChange,
    Opening,
    Sign,
    Signature,
    SignIn,
)
from terminal.screens import kit
from terminal.screens.app import Target
from terminal.screens.croupier.dialog import Dialog, pad_targets
from terminal.screens.pads import CountSheet, DigitPad, PersonPad

if TYPE_CHECKING:
    from terminal.screens.app import CroupierApp
    from terminal.screens.model import Refusal
    from terminal.screens.texts import Texts


def _of_the_person(refusal: Refusal) -> bool:
    """Whether a refusal is of who signed (a wrong PIN, a locked person, a missing role): by
    its key (terminal/runtime/staffed/session.py PERSON_REFUSALS)."""
    return refusal.key in PERSON_REFUSALS


class OpeningScreen(Dialog):
    """No session is open: the croupier signs in (who, PIN), then counts the advance; at a
    table that has none (a circle table) the session opens on the sign-in."""

    name = "opening"
    closable = False

    def __init__(self, app: CroupierApp):
        super().__init__(app)
        self.reset()

    def reset(self) -> None:
        app = self.app
        self.posted = False
        self.signature: Signature | None = None
        self.person = PersonPad(
            app.people("croupier"), app.texts("who_croupier"), on_done=self._signed_in
        )
        self.sheet = CountSheet(
            app.table.setup.chips,
            expected=app.table.setup.advance,
            at_least=True,
            on_done=self._counted,
        )

    def _signed_in(self, person: str, pin: str) -> None:
        # the PIN checked at once: a wrong one comes back (below) before the advance is counted
        self.signature = Signature(person, pin)
        self.app.post(SignIn(self.signature))
        if not self.app.table.setup.advance:  # a table with no advance (a circle table)
            self._counted({}, 0)

    def _counted(self, counts: dict[int, int], drop: int) -> None:
        assert self.signature is not None
        self.posted = True
        self.app.post(Opening(self.signature, counts))

    def title(self) -> str:
        t = self.app.texts
        if self.signature is None:
            return t("sign_in")
        least = t("at_least", amount=self.app.money(self.app.table.setup.advance))
        return f"{t('opening_count')} · {least}"

    def body(self, surface: pygame.Surface, rect: pygame.Rect) -> list[Target]:
        signing = self.refused("sign_in")
        if signing is not None and self.signature is not None and not self.posted:
            self.signature = None  # a wrong PIN: the croupier signs in again, nothing counted
            self.person.refuse(signing.reason, signing.why)
        refusal = self.refused("opening")
        if refusal is not None and self.posted:
            self.posted = False
            if _of_the_person(refusal):
                self.signature = None  # the croupier signs in again
                self.person.refuse(refusal.reason, refusal.why)
        if self.posted:
            return self.waiting(surface, rect)
        if self.signature is None:
            return pad_targets(self.person, surface, rect, self.app)
        return pad_targets(self.sheet, surface, rect, self.app)


def signed_subject(event: dict[str, Any] | None, texts: Texts, names: dict[str, str]) -> list[str]:
    """What a signature signs, in lines: an advance or a top-up its amount, new limits the
    old and new minimum and maximum (and the top-up they need), the closing count its chips,
    cash and result; then who counted (`names`: id -> name). Nothing for another event."""
    if event is None:
        return []
    kind, data, money = event["kind"], event["data"], texts.money
    lines: list[str] = []
    if kind == "float.advance":
        key = "pads_signs_advance" if data.get("reason") == "opening" else "pads_signs_top_up"
        lines.append(texts(key, amount=money(data["amount"])))
    elif kind == "table.limits":
        old, new = Limits.from_json(data["old"]), Limits.from_json(data["new"])
        lines.append(
            texts(
                "pads_signs_limits",
                old_min=money(old.min),
                new_min=money(new.min),
                old_max=money(old.highest),
                new_max=money(new.highest),
            )
        )
        if data.get("advance_due"):
            lines.append(texts("pads_signs_limits_due", amount=money(data["advance_due"])))
    elif kind == "float.count":
        lines.append(
            texts("pads_signs_count", chips=money(data["chips"]), drop=money(data["drop"]))
        )
        lines.append(texts("pads_signs_result", amount=money(data["result"])))
    elif kind == "cagnotte.count":
        counted, expected = money(data["counted"]), money(data["expected"])
        lines.append(texts("pads_signs_cagnotte", counted=counted, expected=expected))
    else:
        return []
    by = data.get("counted_by")
    if by:
        lines.append(texts("summary_counted_by", person=names.get(by, by)))
    return lines


class SignDialog(Dialog):
    """Someone with the role signs the event `seq` (the first role it still asks for), what
    it signs (`signed_subject`) on the pad."""

    name = "sign"

    def __init__(self, app: CroupierApp, seq: int, *, closable: bool = True):
        super().__init__(app)
        self.seq = seq
        self.closable = closable
        self._pad_for: tuple[str, int] | None = None
        self.pad: PersonPad | None = None
        self.posted = False  # the signature went to the table: its answer is awaited
        self.event = app.model.to_sign.get(seq)
        self.names = dict(app.people())  # who counted, by name

    def _waiting(self):
        return self.app.model.state.unsigned.get(self.seq)

    def done(self) -> bool:
        return self.closed or self._waiting() is None

    def title(self) -> str:
        t = self.app.texts
        unsigned = self._waiting()
        if unsigned is None:
            return ""
        role = unsigned["roles"][0]
        return t("signs_for", role=t(f"role_{role}"), what=t(f"signed_{unsigned['what']}"))

    def body(self, surface: pygame.Surface, rect: pygame.Rect) -> list[Target]:
        unsigned = self._waiting()
        if unsigned is None:
            return []
        role = unsigned["roles"][0]
        step = (role, len(unsigned["roles"]))
        if self.pad is None or self._pad_for != step:
            self._pad_for, self.posted = step, False
            self.pad = PersonPad(
                self.app.people(role),
                self.title(),
                on_done=self._signed(role),
                subject=self.subject,
            )
        refusal = self.refused("sign")
        if refusal is not None and self.posted:
            self.posted = False
            self.pad.refuse(refusal.reason, refusal.why)
        if self.posted:
            return self.waiting(surface, rect)
        return pad_targets(self.pad, surface, rect, self.app)

    def subject(self, texts: Texts) -> list[str]:
        return signed_subject(self.event, texts, self.names)

    def _signed(self, role: str):
        def signed(person: str, pin: str) -> None:
            self.posted = True
            self.app.post(Sign(self.seq, role, Signature(person, pin)))

        return signed


class TopUpDialog(Dialog):
    """A top-up counted per denomination: the initial advance (art. 35), or what new limits
    need."""

    name = "top_up"

    def __init__(self, app: CroupierApp):
        super().__init__(app)
        self.due = app.topup_due()
        self.sheet = CountSheet(app.table.setup.chips, expected=self.due, on_done=self._counted)
        self._asked_at: int | None = None

    def _counted(self, counts: dict[int, int], drop: int) -> None:
        self.app.post(CountedTopUp(counts, self.app.croupier))
        self._asked_at = self.app.model.state.advances

    def done(self) -> bool:
        return self.closed or (
            self._asked_at is not None and self.app.model.state.advances != self._asked_at
        )

    def title(self) -> str:
        return self.app.texts("top_up_count", amount=self.app.money(self.due))

    def body(self, surface: pygame.Surface, rect: pygame.Rect) -> list[Target]:
        return pad_targets(self.sheet, surface, rect, self.app)


class CroupierChangeDialog(Dialog):
    name = "croupier_change"

    def __init__(self, app: CroupierApp):
        super().__init__(app)
        self.before = app.model.state.croupier
        self.pad = PersonPad(
            [p for p in app.people("croupier") if p[0] != self.before],
            app.texts("who_takes"),
            on_done=lambda person, pin: app.post(CroupierChange(Signature(person, pin))),
        )

    def done(self) -> bool:
        return self.closed or self.app.model.state.croupier != self.before

    def title(self) -> str:
        return self.app.texts("croupier_change")

    def body(self, surface: pygame.Surface, rect: pygame.Rect) -> list[Target]:
        return pad_targets(self.pad, surface, rect, self.app)


class LimitsDialog(Dialog):
    """The new minimum on a digit pad (in whole units of money); the last three balls at the
    old limits follow, then the new ones (art. 27.6)."""

    name = "limits"

    def __init__(self, app: CroupierApp):
        super().__init__(app)
        self.pad = DigitPad(max_digits=7, on_ok=self._ok)

    def _ok(self, value: str) -> None:
        if self.pad.value:
            self.app.post(LimitChange(int(self.pad.value) * 100, self.app.croupier))
            self.close()

    def title(self) -> str:
        return self.app.texts("change_limits")

    def body(self, surface: pygame.Surface, rect: pygame.Rect) -> list[Target]:
        app, s = self.app, self.app.s
        amount = app.money(int(self.pad.value or 0) * 100)
        kit.text(
            surface,
            f"{app.texts('new_minimum')}: {amount}",
            (rect.x, rect.y),
            size=int(30 * s),
            colour=kit.ACCENT,
        )
        kit.text(
            surface,
            app.texts("limits_after", amount=amount),
            (rect.x, rect.y + int(44 * s)),
            size=int(20 * s),
            colour=kit.DIM,
            width=rect.w // 2 - int(10 * s),
        )
        pad_rect = pygame.Rect(rect.centerx, rect.y, rect.w // 2, rect.h)
        return pad_targets(self.pad, surface, pad_rect, app)


class CloseDialog(Dialog):
    name = "close"

    def title(self) -> str:
        return self.app.texts("close_table")

    def body(self, surface: pygame.Surface, rect: pygame.Rect) -> list[Target]:
        app, s = self.app, self.app.s
        kit.text(
            surface, app.texts("close_confirm"), (rect.x, rect.y), size=int(24 * s), width=rect.w
        )
        button = kit.Button(
            pygame.Rect(rect.centerx - int(160 * s), rect.centery, int(320 * s), int(72 * s)),
            app.texts("close_table"),
            self._close_table,
            colour=kit.PRIMARY,
            size=int(26 * s),
            name="close_table",
        )
        button.draw(surface)
        return [button]

    def _close_table(self) -> None:
        self.app.post(CloseTable(self.app.croupier))
        self.close()


class ClosingCountScreen(Dialog):
    """The last round is played: the chips left per denomination and the cash drop; at a table
    with no advance (a circle table) the cagnotte opened and counted aloud, against what its
    coups put in it (l. 435)."""

    name = "closing_count"
    closable = False

    def __init__(self, app: CroupierApp):
        super().__init__(app)
        self.circle = not app.table.setup.advance
        self.sheet = CountSheet(
            app.table.setup.chips,
            drop=not self.circle,
            expected=app.model.state.cagnotte if self.circle else None,
            on_done=self._counted,
        )

    def _counted(self, counts: dict[int, int], drop: int) -> None:
        self.app.post(ClosingCount(counts, drop, self.app.croupier))

    def title(self) -> str:
        if self.circle:
            return self.app.texts("closing_count_cagnotte")
        return self.app.texts("closing_count")

    def body(self, surface: pygame.Surface, rect: pygame.Rect) -> list[Target]:
        return pad_targets(self.sheet, surface, rect, self.app)


class MenuDialog(Dialog):
    """What the croupier does besides the rounds."""

    name = "menu"

    def title(self) -> str:
        return self.app.texts("menu")

    def body(self, surface: pygame.Surface, rect: pygame.Rect) -> list[Target]:
        app, t, s = self.app, self.app.texts, self.app.s
        screens = app.screens
        open_ = app.model.state.session_open
        between = app.model.state.round_status is None
        staffed = not app.demo
        tech = app.model.state.technician is not None
        items = [
            ("history", t("history"), screens.history, True),
            ("calculator", t("calculator"), screens.calculator, bool(app.model.state.last_outcome)),
            ("players_display", t("players_display"), screens.players_mode, True),
            ("language", f"{t('language')}: {t.language.upper()}", app.switch_language, True),
            ("top_up", t("top_up"), screens.top_up, staffed and open_),
            ("croupier_change", t("croupier_change"), screens.croupier_change, staffed and open_),
            ("change_limits", t("change_limits"), screens.limits, staffed and open_ and between),
            ("close_table", t("close_table"), screens.close, staffed and open_),
            ("technician", t("technician"), screens.technician, staffed and between and not tech),
        ]
        cells = kit.grid(rect, 3, 3, int(10 * s))
        buttons: list[Target] = []
        for cell, (name, label, action, enabled) in zip(cells, items, strict=True):
            button = kit.Button(
                cell, label, _then_close(self, action), enabled=enabled, size=int(22 * s), name=name
            )
            button.draw(surface)
            buttons.append(button)
        return buttons


def _then_close(dialog: Dialog, action):
    def run() -> None:
        dialog.close()
        action()

    return run
