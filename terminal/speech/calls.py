"""Every call a table can make, game by game: what `dealer-terminal speech render` renders.

A game's calls are found through its engine, as the registry describes it (nothing here names a
game):

- the call of a round's result at a spin or a roll is the engine's own: a round is settled with
  every outcome its rules give (`rules.outcomes()`), from the engine's first state and from every
  state one round leaves (a craps point is on only after a come-out; no call depends on more);
- every other call is asked of the engine (`engine.announcement(key, **params)`) for each key
  the engines make (KEYS) with every value that key is said with (below: the countdown, a card
  game's totals and hands). An engine that makes no such key, or makes it with other values,
  refuses it (ValueError, TypeError): that call is not its.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import product
from typing import Any

from games.cards.cards import CARDS, DECKS, SPANISH
from games.game import COUP, ROLL, Game
from games.poker.evaluator import CATEGORIES
from games.records import Announcement
from games.registry import GAMES
from games.rulebook import load_rules
from terminal.common.settings import config_dir

# The limits the engines are built with here: what is said does not depend on them.
MINIMUM, CHIP_UNIT = 500, 100
SEAT = 1  # the shooter's, when a roll needs one

# The keys the engines say without a value (games/*/announcements.py; docs/events.md).
FIXED = (
    "place_bets",
    "no_more_bets",
    "void_spin",
    "seven_out",
    "void_roll",
    "dice_change",
    "last_shooter",
    "insurance",
    "ace_counts_one",
    "dealer_bust",
    "dealer_blackjack",
    "all_bust",
    "cut_card",
    "last_shoe",
    "card_discarded",
    "void_coup",
    "misdeal",
    "refait",
    "red_card",
    "last_coup",
    "void_layout",
)
# The closing countdown is said from the rulebook's closing rounds down to one; a limit change
# counts down three (terminal/runtime/staffed/session.py), the card tables «les últimes cinc mans».
COUNTDOWN = 5
DEALER_TOTALS = range(2, 22)  # a blackjack dealer's total that stands (or a hand left unbeaten)
HAND_TOTALS = range(10)  # a punto banco hand's points
ROW_TOTALS = range(31, 41)  # a trente et quarante row's; 31 on both rows is the refait
COLOURS = ("couleur", "inverse")
BOXES = range(1, 7)  # a stud poker cloth's boxes (section 11 IV.1: six at most)
JACKPOTS = ("royal_flush", "straight_flush")  # the hands the carrousel pays
LAID_PLACES = range(1, 5)  # a monte layout's four places
QUALIFIES = CATEGORIES[1:]  # the bank plays with ace-king or better: a pair and up always


@dataclass(frozen=True)
class Call:
    """One call of a game."""

    game: str
    key: str
    text: dict[str, str]  # by language


def keyed(rules: Any) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every (key, values) the engines are asked for: each engine takes its own."""
    for key in FIXED:
        yield key, {}
    for n in range(1, max(rules.closing_rounds or 0, COUNTDOWN) + 1):
        yield "last_rounds", {"n": n}
    for total in DEALER_TOTALS:
        yield "dealer_total", {"total": total}
    for player, banker in product(HAND_TOTALS, repeat=2):
        yield "result", {"player": player, "banker": banker}
        # a circle baccarat's: the ponte's total, the bank's, and who won
        winner = "tie" if player == banker else "ponte" if player > banker else "bank"
        yield "result", {"ponte": player, "banker": banker, "winner": winner}
    for noir, rouge in product(ROW_TOTALS, repeat=2):
        for colour in COLOURS:
            yield "result", {"noir": noir, "rouge": rouge, "colour": colour}
    for total in ROW_TOTALS[1:]:
        yield "equal", {"total": total}
    for card in CARDS:
        yield "decisions", {"card": card}
    for card, place in product(DECKS[SPANISH], LAID_PLACES):  # a monte layout's, its winner
        yield "layout_card", {"place": place, "card": card}
        yield "result", {"card": card, "place": place}
    for hand in CATEGORIES:
        for plays in (False, True) if hand not in QUALIFIES else (True,):
            yield "result", {"hand": hand, "plays": plays, "jackpots": ()}
            for box, won in product(BOXES, JACKPOTS):
                # two jackpots in one coup are said sentence by sentence (speaker.py)
                yield "result", {"hand": hand, "plays": plays, "jackpots": ((box, won),)}


def _asked(engine: Any, rules: Any) -> Iterator[Announcement]:
    for key, params in keyed(rules):
        try:
            yield engine.announcement(key, **params)
        except (ValueError, TypeError):  # not a key of this engine, or not its values
            continue


def _ready(game: Game, rules: Any, engine: Any, state: Any) -> tuple[Any, tuple[Any, ...]]:
    """The state and the bets a round can be played from with no player's bet: at a roll, a
    shooter holding the bet he must have (the first of the rules' codes that lets him roll)."""
    if game.kind != ROLL or engine.can_roll(state, ()) is None:
        return state, ()
    candidates = [state]
    try:
        candidates.append(engine.with_shooter(state, SEAT))
    except ValueError:  # the shooter keeps the dice
        pass
    for candidate in candidates:
        if engine.can_roll(candidate, ()) is None:
            return candidate, ()
        for code in rules.codes():
            bet = game.bet(id="speech", seat=SEAT, code=code, stake=engine.limits.min)
            if (
                engine.check(bet, state=candidate) is None
                and engine.can_roll(candidate, (bet,)) is None
            ):
                return candidate, (bet,)
    raise ValueError(f"{game.id}: no bet of its rules lets a shooter roll")


def drawn(game: Game, rules: Any, engine: Any, rounds: int = 2) -> Iterator[Announcement]:
    """The result calls of a spin or a roll: every outcome of the rules settled from the
    engine's first state, then from every state the `rounds - 1` rounds before left."""
    outcomes = [outcome for outcome, _ in rules.outcomes()]
    states = [engine.new_state()]
    for _ in range(rounds):
        after: list[Any] = []
        for state in states:
            state, bets = _ready(game, rules, engine, state)
            for outcome in outcomes:
                result = engine.settle(state, bets, dict(outcome))
                yield result.announcement
                if result.state not in after:
                    after.append(result.state)
        states = after


def game_calls(game: Game, rules: Any) -> list[Call]:
    """Every call of `game` under `rules`, each once, in the order found."""
    engine = game.engine(rules, rules.limits(MINIMUM, CHIP_UNIT))
    found: dict[tuple[str, tuple[tuple[str, str], ...]], Call] = {}
    announcements: Iterable[Announcement] = _asked(engine, rules)
    if game.kind != COUP:
        announcements = (*drawn(game, rules, engine), *announcements)
    for announcement in announcements:
        text = dict(announcement.text)
        found.setdefault(
            (announcement.key, tuple(sorted(text.items()))), Call(game.id, announcement.key, text)
        )
    return list(found.values())


def table_calls(profile: str, games: Sequence[str] = ()) -> dict[str, list[Call]]:
    """The calls of every game of the registry (or of `games`) under the rulebook `profile`,
    by game id."""
    rulebooks = config_dir() / "rulebooks"
    return {
        game_id: game_calls(GAMES[game_id], load_rules(rulebooks, profile, game_id))
        for game_id in (games or GAMES)
    }
