"""How the blackjack table screen draws its parts (terminal/screens/games/blackjack/view.py): a card
as a small white card, a hand's cards in rows with its total and marks, a box's column (its
bets, its insurance, its hands), the dealer's line; and the players' display of the last coups.

Sizes follow the display (`s`, kit.scale) and the room a part has: a box with many cards or a
split's hands draws its cards smaller rather than over anything else.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from games.money import money
from terminal.screens import kit
from terminal.screens.games.blackjack.hands import BoxShown, CoupShown, HandShown
from terminal.screens.pads.base import WHITE, centred, size_within
from terminal.screens.pads.cards import SUIT_GLYPHS, rank_label, suit_colour
from terminal.screens.texts import Texts

FELT_DARK = (0, 62, 34)  # a box's own square on the felt
CARD_RATIO = 1.4  # a card's height over its width


def chips(amount: int) -> str:
    """An amount as the chips show it: "5", "12.50"."""
    return money(amount).removesuffix(".00")


def draw_card(surface: pygame.Surface, rect: pygame.Rect, card: str) -> None:
    """`card` ("QH") as a small white card: its rank over its suit, red or black."""
    pygame.draw.rect(surface, WHITE, rect, border_radius=max(3, rect.w // 8))
    pygame.draw.rect(surface, kit.PANEL_EDGE, rect, width=1, border_radius=max(3, rect.w // 8))
    colour = suit_colour(card[1])
    half = rect.h // 2
    rank = pygame.Rect(rect.x, rect.y + rect.h // 12, rect.w, half - rect.h // 12)
    suit = pygame.Rect(rect.x, rect.y + half, rect.w, half - rect.h // 12)
    label = rank_label(card[0])
    size = min(size_within(rank.h), _width_size(label, rect.w - 4))
    centred(surface, label, rank, colour=colour, size=size)
    centred(surface, SUIT_GLYPHS[card[1]], suit, colour=colour, size=size_within(suit.h))


def _width_size(label: str, width: int) -> int:
    size = 40
    while size > 10 and kit.font(size).size(label)[0] > width:
        size -= 2
    return size


def total_label(hand: HandShown, t: Texts, *, final: bool) -> tuple[str, tuple[int, int, int]]:
    """A hand's total as the croupier calls it: "Black Jack", a soft "7/17" while it plays, a
    bust in red; `final` once the hand is played out (a soft total is then its best)."""
    if not hand.cards:
        return "", kit.TEXT
    if hand.blackjack:
        return t("bj_blackjack"), kit.ACCENT
    if hand.bust:
        return f"{hand.total} {t('bj_bust')}", kit.BAD
    if hand.soft and not final and hand.total != 21:
        return f"{hand.total - 10}/{hand.total}", kit.TEXT
    return str(hand.total), kit.TEXT


def result_line(
    result: str, staked: int, paid: int, returned: int, t: Texts
) -> tuple[str, tuple[int, int, int]]:
    """A settled bet's line: "+15" won, "-10" lost, "nul·la" (a push: its stake back), "torna
    5" (half back, or a void coup's stake)."""
    if result == "win":
        return f"+{chips(paid)}", kit.GOOD
    if result == "lose":
        return f"-{chips(staked)}", kit.BAD
    if result == "push":
        return t("bj_push"), kit.DIM
    return t("bj_returned", amount=chips(returned)), kit.WARNING


@dataclass(frozen=True)
class Sizes:
    """The sizes a box draws with: its cards' width and height, the gap, the text sizes."""

    card_w: int
    card_h: int
    gap: int
    text: int  # the bets' lines, the marks
    total: int  # a hand's total


def sizes_for(width: int, s: float, card_w: int | None = None) -> Sizes:
    """For a hand `width` wide: cards three to a row (at most 40 px at 800x480)."""
    gap = max(2, int(3 * s))
    if card_w is None:
        card_w = min(int(40 * s), (width - 2 * gap) // 3)
    card_w = max(int(16 * s), card_w)
    text = max(16, min(int(22 * s), int(width / 3.1)))
    return Sizes(card_w, int(card_w * CARD_RATIO), gap, text, max(18, min(int(28 * s), text + 6)))


def _line(
    surface: pygame.Surface | None,
    string: str,
    x: int,
    y: int,
    width: int,
    size: int,
    colour: tuple[int, int, int] = kit.TEXT,
) -> int:
    """`string` from (x, y) within `width`, broken onto a second line if it must (then cut);
    the bottom it reached. With no surface, only measured."""
    step = kit.font(size).get_linesize()
    for part in kit.wrap(string, size, width)[:2]:
        if surface is not None:
            kit.text(surface, part, (x, y), size=size, colour=colour, width=width)
        y += step
    return y


def _cards(
    surface: pygame.Surface | None,
    x: int,
    y: int,
    width: int,
    cards: Sequence[str],
    sizes: Sizes,
) -> int:
    """`cards` in rows from (x, y) within `width`; the bottom of the last row."""
    per_row = max(1, (width + sizes.gap) // (sizes.card_w + sizes.gap))
    rows = max(1, -(-len(cards) // per_row))
    if surface is not None:
        for n, card in enumerate(cards):
            row, column = divmod(n, per_row)
            rect = pygame.Rect(
                x + column * (sizes.card_w + sizes.gap),
                y + row * (sizes.card_h + sizes.gap),
                sizes.card_w,
                sizes.card_h,
            )
            draw_card(surface, rect, card)
    return y + rows * sizes.card_h + (rows - 1) * sizes.gap


def draw_hand(
    surface: pygame.Surface | None,
    rect: pygame.Rect,
    hand: HandShown,
    t: Texts,
    sizes: Sizes,
    *,
    labelled: bool,
    settled: bool,
    final: bool,
    lit: bool,
) -> int:
    """One hand from the top of `rect`, within its width: a split hand's number and stake (or
    a doubled hand's stake), its cards, its total, the doubled hand's warning that the ace
    counts one, and once settled its result. `lit`: its card or its decision is the one the
    coup waits for (an amber frame). The bottom it reached; with no surface, only measured."""
    x, y, w = rect.x + sizes.gap, rect.y + sizes.gap, rect.w - 2 * sizes.gap
    if labelled or hand.doubled:
        head = chips(hand.staked)
        if labelled:
            head = f"{t('bj_box_short', n=hand.place.partition(':')[2])} · {head}"
        y = _line(surface, head, x, y, w, sizes.text, kit.DIM)
    if hand.cards:
        y = _cards(surface, x, y, w, hand.cards, sizes) + sizes.gap
    else:
        y += sizes.card_h // 2
    said, colour = total_label(hand, t, final=final)
    if said:
        y = _line(surface, said, x, y, w, sizes.total, colour)
    if hand.doubled:
        y = _line(surface, t("bj_doubled"), x, y, w, sizes.text, kit.WARNING)
    if settled and hand.result is not None:
        line, colour = result_line(hand.result, hand.staked, hand.paid, hand.returned, t)
        y = _line(surface, line, x, y, w, sizes.text, colour)
    bottom = y + sizes.gap
    if lit and surface is not None:
        frame = pygame.Rect(rect.x, rect.y, rect.w, bottom - rect.y)
        pygame.draw.rect(surface, kit.ACCENT, frame, width=max(3, int(sizes.gap * 1.3)))
    return bottom


def _box_top(
    surface: pygame.Surface | None,
    x: int,
    y: int,
    width: int,
    number: int,
    box: BoxShown,
    t: Texts,
    size: int,
    settled: bool,
    seat_label: Callable[[int], str],
    *,
    compact: bool = False,
) -> int:
    """A box's bets, the seated player's first (the seat of the box's number sits at it, the
    others are players behind it, dimmer), what the box holds, its insurance; the bottom.
    `compact`: the bets told as how many and what they hold (a box short of room)."""
    if compact and len(box.bets) > 1:
        said = t("bj_bets_n", n=len(box.bets), amount=chips(box.held))
        y = _line(surface, said, x, y, width, size)
    else:
        for bet in sorted(box.bets, key=lambda bet: bet["seat"] != number):
            colour = kit.TEXT if bet["seat"] == number else kit.DIM
            said = f"{seat_label(bet['seat'])} {chips(bet['stake'])}"
            y = _line(surface, said, x, y, width, size, colour)
        if len(box.bets) > 1:
            y = _line(surface, t("bj_held", amount=chips(box.held)), x, y, width, size)
    if box.insurance:
        y = _line(
            surface, t("bj_insurance", amount=chips(box.insured)), x, y, width, size, kit.WARNING
        )
        if settled and box.insurance_result is not None:
            line, colour = result_line(
                box.insurance_result, box.insured, box.insurance_paid, box.insurance_returned, t
            )
            y = _line(surface, line, x, y, width, size, colour)
    return y


def _hands_layout(
    box: BoxShown, area: pygame.Rect, t: Texts, s: float, options: dict[str, bool]
) -> tuple[list[pygame.Rect], Sizes]:
    """Where a box's hands go and the sizes they share: side by side, or in rows, whichever
    lets every hand fit with the largest cards."""
    n = max(1, len(box.hands))
    smallest = int(16 * s)
    best: tuple[tuple[bool, int, int], list[pygame.Rect], Sizes] | None = None
    for columns in range(n, 0, -1):
        rows = -(-n // columns)
        width, height = area.w // columns, area.h // rows
        if width < smallest + 8 and columns > 1:
            continue
        probe = pygame.Rect(0, 0, width, height)

        def fits(sizes: Sizes, probe: pygame.Rect = probe) -> bool:
            return all(
                draw_hand(None, probe, hand, t, sizes, lit=False, **options) <= probe.bottom
                for hand in box.hands
            )

        sizes = sizes_for(width, s)
        while not fits(sizes) and sizes.card_w > smallest:
            sizes = sizes_for(width, s, sizes.card_w - max(2, int(2 * s)))
        cells = [
            pygame.Rect(
                area.x + (k % columns) * width, area.y + (k // columns) * height, width, height
            )
            for k in range(n)
        ]
        score = (fits(sizes), sizes.card_w, columns)
        if best is None or score > best[0]:
            best = (score, cells, sizes)
    assert best is not None
    return best[1], best[2]


def draw_box(
    surface: pygame.Surface,
    rect: pygame.Rect,
    number: int,
    box: BoxShown | None,
    t: Texts,
    s: float,
    *,
    settled: bool,
    lit_place: str | None,
    outlined: tuple[int, int, int] | None,
    seat_label: Callable[[int], str],
) -> None:
    """A box: its number, its bets, its insurance, then its hands (a split's side by side),
    their cards drawn smaller where they would not fit."""
    pygame.draw.rect(surface, FELT_DARK, rect, border_radius=8)
    edge = outlined or kit.FELT_LINE
    pygame.draw.rect(surface, edge, rect, width=3 if outlined else 1, border_radius=8)
    head_size = max(20, int(28 * s))
    head = pygame.Rect(rect.x, rect.y + 2, rect.w, kit.font(head_size).get_linesize())
    lit_box = lit_place is not None and lit_place.partition(".")[0] == f"box:{number}"
    centred(surface, str(number), head, colour=kit.ACCENT if lit_box else kit.TEXT, size=head_size)
    if box is None:
        return
    inner = pygame.Rect(rect.x + 2, head.bottom, rect.w - 4, rect.bottom - head.bottom - 2)
    pad = max(2, int(4 * s))
    size = max(16, min(int(22 * s), int(inner.w / 3.1)))
    x, width = inner.x + pad, inner.w - 2 * pad
    y = _box_top(None, x, inner.y, width, number, box, t, size, settled, seat_label)
    dealt = any(hand.cards for hand in box.hands)
    compact = dealt and y - inner.y > inner.h * 0.4  # the hands need the room more
    y = _box_top(
        surface, x, inner.y, width, number, box, t, size, settled, seat_label, compact=compact
    )
    area = pygame.Rect(inner.x, y + pad, inner.w, inner.bottom - y - pad)
    labelled = len(box.hands) > 1
    options = {"labelled": labelled, "settled": settled, "final": settled}
    cells, sizes = _hands_layout(box, area, t, s, options)
    clip = surface.get_clip()
    for hand, cell in zip(box.hands, cells):
        if not hand.cards and not settled and lit_place != hand.place and not labelled:
            continue  # nothing dealt to it yet
        surface.set_clip(cell.clip(clip))  # never over a neighbour
        draw_hand(
            surface,
            cell,
            hand,
            t,
            sizes,
            labelled=labelled,
            settled=settled,
            final=settled or hand.stood or hand.doubled,
            lit=lit_place == hand.place,
        )
    surface.set_clip(clip)


def draw_dealer(
    surface: pygame.Surface,
    rect: pygame.Rect,
    shown: CoupShown,
    t: Texts,
    s: float,
    *,
    lit: bool,
) -> int:
    """The dealer's line: "Banca", his cards, his total; the right edge it reached."""
    pad = int(8 * s)
    size = max(18, int(24 * s))
    label = kit.text(
        surface,
        t("bj_dealer"),
        (rect.x + pad, rect.centery - kit.font(size).get_height() // 2),
        size=size,
        colour=kit.ACCENT if lit else kit.TEXT,
    )
    card_h = rect.h - 2 * pad
    card_w = int(card_h / CARD_RATIO)
    x = label.right + pad
    for card in shown.dealer:
        draw_card(surface, pygame.Rect(x, rect.y + pad, card_w, card_h), card)
        x += card_w + max(2, int(4 * s))
    if lit:
        slot = pygame.Rect(x, rect.y + pad, card_w, card_h)
        pygame.draw.rect(surface, kit.ACCENT, slot, width=max(3, int(3 * s)), border_radius=6)
        x = slot.right
    if shown.dealer:
        dealer = shown.dealer_hand
        if dealer.blackjack:
            said, colour = t("bj_blackjack"), kit.ACCENT
        elif dealer.bust:
            said, colour = f"{dealer.total} {t('bj_bust')}", kit.BAD
        elif dealer.soft and shown.phase == "coup" and dealer.total != 21:
            said, colour = f"{dealer.total - 10}/{dealer.total}", kit.TEXT
        else:
            said, colour = str(dealer.total), kit.TEXT
        total_size = max(20, int(30 * s))
        x = kit.text(
            surface,
            said,
            (x + pad, rect.centery - kit.font(total_size).get_height() // 2),
            size=total_size,
            colour=colour,
        ).right
    return x + pad


# -- the players' display --------------------------------------------------------------------


@dataclass(frozen=True)
class PastCoup:
    """One coup of the players' display: its number, and what the last coups show of it."""

    number: int
    shown: CoupShown | None  # None: the coup was void


def draw_past_coups(
    surface: pygame.Surface, rect: pygame.Rect, coups: Sequence[PastCoup], t: Texts, s: float
) -> None:
    """The last coups, the newest on top: the dealer's cards and score, then each box's hands
    with their totals, green where they won, red where they lost, grey where they pushed (on
    a line of their own where the row is too narrow for them)."""
    title_size = max(20, int(30 * s))
    y = kit.text(surface, t("bj_players_title"), (rect.x, rect.y), size=title_size).bottom
    y += int(8 * s)
    if not coups:
        kit.text(surface, t("bj_players_none"), (rect.x, y), size=title_size, colour=kit.DIM)
        return
    line_h = int(60 * s)
    card_h = line_h - int(12 * s)
    card_w = int(card_h / CARD_RATIO)
    size = max(18, int(26 * s))
    pad, gap = int(10 * s), int(12 * s)
    for coup in coups:
        tags = [] if coup.shown is None else _hand_tags(coup.shown, t)
        head = t("round", n=coup.number)
        head_w = kit.font(size).size(head)[0] + gap
        if coup.shown is None:
            said, said_colour = t("bj_players_void"), kit.WARNING
            dealer_w = 0
        else:
            said, said_colour = _dealer_said(coup.shown, t)
            dealer_w = len(coup.shown.dealer) * (card_w + int(3 * s))
        said_w = kit.font(size).size(said)[0] + gap
        tag_ws = [kit.font(size).size(text)[0] + 2 * pad for text, _ in tags]
        width = rect.w - 2 * pad
        first = head_w + dealer_w + said_w
        if first + sum(w + gap // 2 for w in tag_ws) <= width:
            lines = [list(range(len(tags)))]
            inline = True
        else:
            lines, inline, used = [[]], False, 0
            for k, w in enumerate(tag_ws):
                if lines[-1] and used + w > width:
                    lines.append([])
                    used = 0
                lines[-1].append(k)
                used += w + gap // 2
        rows = 1 if inline else 1 + len([line for line in lines if line])
        row = pygame.Rect(rect.x, y, rect.w, rows * line_h)
        if row.bottom > rect.bottom:
            break
        kit.panel(surface, row)
        mid = row.y + (line_h - kit.font(size).get_height()) // 2
        x = kit.text(surface, head, (row.x + pad, mid), size=size, colour=kit.DIM).right + gap
        if coup.shown is not None:
            for card in coup.shown.dealer:
                draw_card(surface, pygame.Rect(x, row.y + int(6 * s), card_w, card_h), card)
                x += card_w + int(3 * s)
            x += gap // 2
        x = kit.text(surface, said, (x, mid), size=size, colour=said_colour).right + gap
        for n, line in enumerate(lines):
            if not inline:
                x = row.x + pad
                mid = row.y + (n + 1) * line_h + (line_h - kit.font(size).get_height()) // 2
            for k in line:
                text, colour = tags[k]
                tag = pygame.Rect(
                    x, mid - int(4 * s), tag_ws[k], kit.font(size).get_height() + int(8 * s)
                )
                pygame.draw.rect(surface, colour, tag, border_radius=6)
                kit.text(surface, text, (tag.x + pad, mid), size=size, colour=kit.ACCENT_TEXT)
                x = tag.right + gap // 2
        y = row.bottom + int(6 * s)


def _dealer_said(shown: CoupShown, t: Texts) -> tuple[str, tuple[int, int, int]]:
    if shown.dealer_hand.blackjack:
        return t("bj_blackjack"), kit.ACCENT
    if shown.dealer_hand.bust:
        return f"{shown.dealer_hand.total} {t('bj_bust')}", kit.BAD
    return str(shown.dealer_hand.total), kit.TEXT


def _hand_tags(shown: CoupShown, t: Texts) -> list[tuple[str, tuple[int, int, int]]]:
    """Each hand as a tag: its box (and split hand) and total, coloured by how it ended."""
    tags = []
    for box in shown.boxes:
        for hand in box.hands:
            label, _ = total_label(hand, t, final=True)
            colour = {"win": kit.GOOD, "lose": kit.BAD}.get(hand.result or "", kit.DIM)
            tags.append((f"{t('bj_box_short', n=hand.place.partition(':')[2])} {label}", colour))
    return tags
