"""What frames every croupier's screen: the top bar (the table, the round and its state, the
croupier, the limits, the clock, the language), the fault banners that stay until someone
acknowledges them (`fault.ack`), what is waiting for a signature, and the status line (the
last refusal with its reason, else the last announcement)."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

import pygame

from terminal.common.draw import least_size, line_step
from terminal.runtime.staffed.session import FaultAck
from terminal.screens import kit

if TYPE_CHECKING:
    from terminal.screens.app import CroupierApp, Target


def frame(app: CroupierApp, surface: pygame.Surface, area: pygame.Rect):
    """The top bar, the fault banners under it and the status line at the bottom: the rect
    left between them, and the targets drawn."""
    targets: list[Target] = list(top_bar(app, surface, area))
    top = area.y + bar_height(app)
    height, banners = fault_banners(app, surface, top)
    targets += banners
    top += height
    status = pygame.Rect(area.x, area.bottom - int(34 * app.s), area.w, int(34 * app.s))
    status_line(app, surface, status)
    return pygame.Rect(area.x, top, area.w, status.y - top), targets


def bar_height(app: CroupierApp) -> int:
    """The top bar's height: its buttons (the menu, the language) a finger's size inside it."""
    return max(kit.MIN_TARGET + 4, int(48 * app.s))


def top_bar(app: CroupierApp, surface: pygame.Surface, area: pygame.Rect) -> list[Target]:
    """The bar across the top of `area`; returns its targets (language, menu)."""
    t, st, s = app.texts, app.model.state, app.s
    rect = pygame.Rect(area.x, area.y, area.w, bar_height(app))
    pygame.draw.rect(surface, kit.PANEL, rect)
    size = int(22 * s)
    y = rect.y + (rect.h - kit.font(size).get_height()) // 2
    x = rect.x + int(8 * s)
    x = kit.text(surface, t("table", table=app.table.setup.table), (x, y), size=size).right
    status, colour = _status(app)
    badge = pygame.Rect(x + int(10 * s), rect.y + 5, int(190 * s), rect.h - 10)
    pygame.draw.rect(surface, colour, badge, border_radius=6)
    ink = kit.ACCENT_TEXT if colour == kit.ACCENT else kit.TEXT
    if kit.font(least_size(size)).size(status)[0] <= badge.w - 6:
        kit.text(
            surface,
            status,
            (badge.centerx, y),
            size=size,
            colour=ink,
            align="center",
            width=badge.w - 6,
        )
    else:  # too long for one line even at its least size ("… · Últimas 10"): two
        fitted, lines = kit.label_lines(status, size, badge)
        top = badge.centery - line_step(fitted) * len(lines) // 2
        for n, line in enumerate(lines):
            at = (badge.centerx, top + n * line_step(fitted))
            kit.text(surface, line, at, size=fitted, colour=ink, align="center")
    x = badge.right + int(10 * s)
    targets: list[Target] = []
    right = rect.right - int(6 * s)
    for name, label, action in (
        ("menu", t("menu"), lambda: app.screens.open_menu()),
        ("language", app.texts.language.upper(), lambda: app.switch_language()),
    ):
        w = int(max(kit.MIN_TARGET, 64 * s)) if name == "language" else int(96 * s)
        button = kit.Button(
            pygame.Rect(right - w, rect.y + 2, w, rect.h - 4),
            label,
            action,
            size=size,
            name=name,
        )
        button.draw(surface)
        targets.append(button)
        right -= w + int(6 * s)
    right = kit.text(
        surface, time.strftime("%H:%M"), (right - int(4 * s), y), size=size, align="right"
    ).left - int(12 * s)
    # between the badge and the clock: who is signed in and the round always (drawn smaller
    # where the bar is narrow), then the limits where they fit
    who = " · ".join(p for p in (st.croupier, t("round", n=st.round) if st.round else "") if p)
    if who:
        x = kit.text(surface, who, (x, y), size=size, width=right - x).right + int(12 * s)
    if st.limits is not None:
        high = st.limits.highest
        limits = t("limits", min=app.money(st.limits.min), max=app.money(high))
        if kit.font(size).size(limits)[0] <= right - x:
            kit.text(surface, limits, (x, y), size=size, colour=kit.DIM)
    return targets


def _status(app: CroupierApp) -> tuple[str, tuple[int, int, int]]:
    t, st = app.texts, app.model.state
    if st.technician is not None:
        return t("status_technician"), kit.WARNING
    if not st.session_open:
        return t("status_closed_table"), kit.BUTTON
    if st.round_status == "open":
        left = st.last_rounds_left
        if left is None and st.limit_change is not None:  # the rounds left at the old limits
            left = st.limit_change["left"]
        label = (
            t("status_open") if left is None else f"{t('status_open')} · {t('last_rounds', n=left)}"
        )
        return label, kit.GOOD
    if st.round_status == "closed":
        return t("status_closed"), kit.ACCENT
    return t("status_between"), kit.BUTTON


def fault_banners(app: CroupierApp, surface: pygame.Surface, top: int) -> tuple[int, list[Target]]:
    """The faults waiting for an acknowledgement, newest first, from `top` down: the height
    they take and their ACK buttons. The oldest beyond two are counted, not drawn. A fault is
    said in words (Texts.fault), with what the croupier must do under it and its code for the
    technician."""
    waiting = sorted(app.model.state.unacknowledged.items(), reverse=True)
    if not waiting:
        return 0, []
    s, t = app.s, app.texts
    h = max(kit.MIN_TARGET + 4, int(40 * s))  # the ACK button inside it: 48 px at least
    targets: list[Target] = []
    y = top
    for seq, fault in waiting[:2]:
        what, to_do = t.fault(fault)
        small, width = int(20 * s), surface.get_width()
        todo: list[str] = []
        if to_do is not None:
            code = t("fault_code", code=f"{fault['device']}/{fault['code']}")
            said = f"{t('fault_what_to_do')} {to_do} ({code})"
            todo = kit.wrap(said, small, width - int(20 * s))
        step = kit.font(small).get_linesize()
        rect = pygame.Rect(0, y, width, h + len(todo) * step + (int(6 * s) if todo else 0))
        pygame.draw.rect(surface, kit.ALARM, rect)
        for n, line in enumerate(todo):
            kit.text(surface, line, (rect.x + int(10 * s), rect.y + h + n * step), size=small)
        size = int(22 * s)
        label = f"{t('fault')}  {what}"
        ack_w = int(150 * s)
        more = len(waiting) - 2 if seq == waiting[1 if len(waiting) > 1 else 0][0] else 0
        if more > 0:
            label += f" ({t('faults_more', n=more)})"
        kit.text(
            surface,
            label,
            (rect.x + int(10 * s), rect.y + (h - kit.font(size).get_height()) // 2),
            size=size,
            width=rect.w - ack_w - int(30 * s),
        )
        button = kit.Button(
            pygame.Rect(rect.right - ack_w - 4, rect.y + 2, ack_w, h - 4),
            t("acknowledge"),
            _ack(app, seq),
            colour=(120, 16, 16),
            size=int(20 * s),
            name=f"ack:{seq}",
        )
        button.draw(surface)
        targets.append(button)
        y += rect.h
    return y - top, targets


def _ack(app: CroupierApp, seq: int):
    return lambda: app.post(FaultAck(seq, app.croupier))


def status_line(app: CroupierApp, surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The croupier's last refusal (for a while), else the last announcement."""
    s, t = app.s, app.texts
    size = int(22 * s)
    refusal = app.fresh_refusal()
    if refusal is not None:
        pygame.draw.rect(surface, (90, 40, 8), rect)
        message, colour = t("refused", reason=t.refusal(refusal.reason, refusal.why)), kit.ACCENT
    else:
        pygame.draw.rect(surface, kit.PANEL, rect)
        said = app.model.announcement
        message = said["text"].get(t.language, "") if said else ""
        colour = kit.TEXT
        notice = app.model.notice
        if notice is not None:
            message = " · ".join(m for m in (message, _notice(app, *notice)) if m)
            colour = kit.WARNING if notice[0] == "void" else kit.GOOD
    kit.text(
        surface,
        message,
        (rect.x + int(10 * s), rect.centery - kit.font(size).get_height() // 2),
        size=size,
        colour=colour,
        width=rect.w - int(20 * s),
    )


def _notice(app: CroupierApp, kind: str, data: dict[str, Any]) -> str:
    """A void's reason and the stakes it returns, or the croupier who took the table."""
    t = app.texts
    if kind == "croupier.change":
        return t(
            "croupier_changed", croupier=data["croupier"], previous=data.get("previous") or "—"
        )
    returned = data.get("returned", [])
    if not returned:
        return t.void(data)
    amount = app.money(sum(int(b["stake"]) for b in returned))
    return t("void_returned", void=t.void(data), n=len(returned), amount=amount)


def waiting_signatures(app: CroupierApp) -> list[tuple[int, dict[str, Any]]]:
    """What is still to sign, oldest first."""
    return sorted(app.model.state.unsigned.items())
