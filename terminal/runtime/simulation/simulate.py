"""`dealer-terminal simulate`: a Monte Carlo check of a game's engine against its exact odds.

Engine only (no devices, no journal): every round one bet of each row of the rulebook's odds
table is on the layout (a new one as soon as the previous has ended and the engine takes it),
outcomes are drawn with their exact probabilities from a seeded generator, and for each row the
measured house edge is printed beside the exact one with its 95% confidence interval. A card
game's coups are dealt from a shuffled shoe of its decks (a new shoe at its cut card) and its
players decide by the game's strategy; what a bet became (a split hand, a doubled stake, a
poker call) counts for the row of the bet it came from.

Stakes: the minimum is a number that every payout ratio of the catalogue divides (so that
rounding to chips does not bias the measure), with a chip unit of 1; a bet is staked at twice
the minimum where its maximum allows (so that half back on zero is open to it), else at the
minimum.
"""

from __future__ import annotations

import math
import random
import sys
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace
from itertools import accumulate, islice
from typing import TextIO

from games.cards.cards import decks as deck_cards
from games.cards.cards import shoe_size
from games.game import COUP, ROLL
from games.prison import PrisonBet
from games.records import Bet
from games.registry import game as game_of
from games.rulebook import load_rules
from terminal.common.settings import config_dir
from terminal.runtime.simulation.coups import play_coup, shuffled

MINIMUM = 55440  # divisible by 2 to 12: whole payouts for every ratio of the catalogue
Z95 = 1.959964


@dataclass
class RowStats:
    label: str
    exact_edge: float
    code: str
    zero_choice: str
    stake: int
    scenario: str | None = None
    bets: int = 0
    returned: float = 0.0  # sum over ended bets of (paid + returned) / stake
    squares: float = 0.0

    def add(self, ratio: float) -> None:
        self.bets += 1
        self.returned += ratio
        self.squares += ratio * ratio

    @property
    def measured_edge(self) -> float:
        return 1 - self.returned / self.bets if self.bets else math.nan

    @property
    def half_width(self) -> float:
        """Half the 95% confidence interval of the measured edge."""
        if self.bets < 2:
            return math.inf
        mean = self.returned / self.bets
        variance = max(0.0, (self.squares - self.bets * mean * mean) / (self.bets - 1))
        return Z95 * math.sqrt(variance / self.bets)

    @property
    def within(self) -> bool:
        return abs(self.measured_edge - self.exact_edge) <= self.half_width


def simulate(
    game: str, profile: str, rounds: int, seed: int | None, progress: TextIO | None = None
) -> list[RowStats]:
    rules = load_rules(config_dir() / "rulebooks", profile, game)
    limits = rules.limits(MINIMUM, 1)
    engine = game_of(game).engine(rules, limits)
    rows = _rows(rules, limits)
    rng = random.Random(seed)
    if any(row.scenario is not None for row in rows):
        return _simulate_scenarios(game, rules, engine, rows, rounds, rng, progress)
    kind, bet_class = game_of(game).kind, game_of(game).bet
    play = (
        _deal_coups(engine, rules, rng)
        if kind == COUP
        else _draw_outcomes(engine, rules, rng, shooter=kind == ROLL)
    )
    state = engine.new_state()
    live: dict[str, int] = {}  # bet id -> row index
    bar = _Progress(rounds, progress)
    for round_no in range(1, rounds + 1):
        new: list[Bet] = []
        for index, row in enumerate(rows):
            if index in live.values():
                continue
            bet = bet_class(f"{index}-{round_no}", index + 1, row.code, row.stake)
            if row.zero_choice != "prison":  # a game whose bets hold a choice on zero
                assert isinstance(bet, PrisonBet)
                bet = replace(bet, zero_choice=row.zero_choice)
            refused = engine.check(bet, new, state=state)
            if refused is None:
                new.append(bet)
                live[bet.id] = index
        result = play(state, new)
        state = result.state
        for root, (staked, handed) in _ended_by_root(result).items():
            row = rows[live.pop(root)]
            row.add(1 - (staked - handed) / row.stake)  # per unit of the first stake
        bar.update(round_no)
    bar.done()
    return rows


def _simulate_scenarios(game, rules, engine, rows, rounds, rng, progress) -> list[RowStats]:
    """Rows given for scenarios (monte's layouts, a chemin de fer bank held): `rounds` rounds of
    each, every one from the scenario's state with a bet of each of its rows, dealt from the
    rest of its pack shuffled, and played on while the engine says its coup must (Primeres'
    open bets into Segones). A row whose bet no player places is the engine's own (a circle
    table's bank, its cover of the stakes): measured from its settlement, by its family, per
    unit it staked."""
    bet_class = game_of(game).bet
    scenarios = list(dict.fromkeys(row.scenario for row in rows))
    bar = _Progress(rounds * len(scenarios), progress)
    for done, name in enumerate(scenarios):
        start, out = rules.scenario(name)
        pack = list((deck_cards(rules.decks, rules.deck) - Counter(out)).elements())
        mine = [(i, row) for i, row in enumerate(rows) if row.scenario == name]
        placed = [
            (i, row)
            for i, row in mine
            if engine.check(bet_class("probe", i + 1, row.code, row.stake), state=start) is None
        ]
        own = {row.code.split(":", 1)[0]: row for i, row in mine if (i, row) not in placed}
        for round_no in range(1, rounds + 1):
            bets = [bet_class(f"{i}-{round_no}", i + 1, row.code, row.stake) for i, row in placed]
            rng.shuffle(pack)
            deal = _dealing(list(pack))
            result = play_coup(engine, start, bets, deal, engine.strategy)
            settled = [result]
            while engine.must_play_on(result.state):
                result = play_coup(engine, result.state, [], deal, engine.strategy)
                settled.append(result)
            for result in settled:
                codes = {bet.id: bet.code for bet in result.bets}
                for root, (staked, handed) in _ended_by_root(result).items():
                    index = root.split("-")[0]
                    if index.isdigit():
                        rows[int(index)].add(1 - (staked - handed) / rows[int(index)].stake)
                    elif (row := own.get(codes[root].split(":", 1)[0])) is not None:
                        row.add(1 - (staked - handed) / staked)
            bar.update(done * rounds + round_no)
    bar.done()
    return rows


def _dealing(cards: list[str]) -> Callable[[str], str]:
    """A coup's deal from `cards`, from their end: the next card for whichever place."""
    return lambda place: cards.pop()


def _draw_outcomes(engine, rules, rng: random.Random, *, shooter: bool):
    """Rounds whose outcome is drawn with its exact probability (wheels, dice); with a
    `shooter` (craps), seat 1 (the Win line's row) always shoots."""
    outcomes = rules.outcomes()
    weights = list(accumulate(float(p) for _, p in outcomes))

    def play(state, bets):
        if shooter and state.shooter is None:
            state = engine.with_shooter(state, 1)
        return engine.settle(state, bets, rng.choices(outcomes, cum_weights=weights)[0][0])

    return play


def _deal_coups(engine, rules, rng: random.Random):
    """Coups dealt from a shuffled shoe, the players deciding by the game's strategy. A new
    shoe, its first cards burnt, once the cut card has come out (`cut_reserve` cards before
    the end; none: a new deck every coup, as at poker)."""
    shoe: list[str] = []

    def new_shoe() -> None:
        size = shoe_size(rules.decks, rules.deck)
        shoe[:] = islice(shuffled(rng, rules.decks, rules.deck), size)
        del shoe[len(shoe) - rules.burn :]  # burnt: the shoe is dealt from its end

    def draw(place: str) -> str:
        if not shoe:  # a coup that runs past the reserve (trente et quarante voids it at the table)
            new_shoe()
        return shoe.pop()

    def play(state, bets):
        if not rules.cut_reserve or len(shoe) <= rules.cut_reserve:
            new_shoe()
        return play_coup(engine, state, bets, draw, engine.strategy)

    return play


def _ended_by_root(result) -> dict[str, tuple[int, int]]:
    """The money of the bets that ended with this round, by the bet they came from (a split
    hand or a poker call has the id `<bet id>.<n>`): staked, and handed back (paid +
    returned). A bet any of whose parts stays on the layout has not ended."""
    staked = {bet.id: bet.stake for bet in result.bets}
    ended: dict[str, tuple[int, int]] = {}
    staying = set()
    for entry in result.settlement:
        root = entry.id.split(".", 1)[0]
        if entry.result in ("open", "prison"):
            staying.add(root)
            continue
        total, handed = ended.get(root, (0, 0))
        ended[root] = (total + staked[entry.id], handed + entry.paid + entry.returned)
    return {root: money for root, money in ended.items() if root not in staying}


def _rows(rules, limits) -> list[RowStats]:
    """One row per line of the odds table that a bet on its own can stand for: its label is a
    code ("hard:4"), starts with one ("red (half on zero)"), or names its family ("straight",
    "ante:B"). Rows marked not simulated (craps odds on a point, a poker call) are left out."""
    codes = rules.codes()
    rows = []
    for odds in rules.odds():
        first = odds.label.split()[0]
        if not odds.simulated:
            continue
        if first in codes:
            code = first
        elif first in (
            odds.family,
            f"{odds.family}:B",
        ):  # "straight", "ante:B": the family's first code
            code = next(c for c in codes if c.split(":", 1)[0] == odds.family)
        else:
            continue
        maximum = limits.max.get(code, limits.max.get(odds.family, limits.min))
        stake = 2 * limits.min if 2 * limits.min <= maximum else limits.min
        rows.append(
            RowStats(
                odds.label,
                float(odds.house_edge),
                code,
                getattr(odds, "zero_choice", None) or "prison",
                stake,
                odds.scenario,
            )
        )
    return rows


class _Progress:
    """A progress bar on long runs (a line per 5% when the output is not a terminal)."""

    def __init__(self, total: int, out: TextIO | None):
        self.total, self.out = total, out
        self.step = max(1, total // 20)
        self.tty = bool(out is not None and out.isatty())
        if self.tty:
            self.step = max(1, total // 200)

    def update(self, done: int) -> None:
        if self.out is None or done % self.step:
            return
        share = done / self.total
        bar = "#" * int(share * 30)
        line = f"[{bar:<30}] {share:6.1%} {done:,}/{self.total:,} rounds"
        print(
            "\r" + line if self.tty else line,
            end="" if self.tty else "\n",
            file=self.out,
            flush=True,
        )

    def done(self) -> None:
        if self.out is not None and self.tty:
            print(file=self.out)


def print_report(
    game: str, profile: str, rounds: int, seed: int | None, rows: list[RowStats], out: TextIO
) -> None:
    print(f"{game} under profile {profile}: {rounds:,} rounds, seed {seed}", file=out)
    header = ("bet", "exact edge", "measured", "95% interval", "bets", "")
    table = [header]
    for row in rows:
        table.append(
            (
                row.label,
                f"{row.exact_edge:.4%}",
                f"{row.measured_edge:.4%}",
                f"±{row.half_width:.4%}",
                f"{row.bets:,}",
                "" if row.within else "outside",
            )
        )
    widths = [max(len(r[i]) for r in table) for i in range(len(header))]
    for line in table:
        print("  ".join(cell.ljust(w) for cell, w in zip(line, widths)).rstrip(), file=out)
    outside = sum(not row.within for row in rows)
    print(
        f"{len(rows) - outside} of {len(rows)} bets within their 95% interval "
        f"(about 1 in 20 falls outside by chance)",
        file=out,
    )


def main_simulate(
    game: str, profile: str, rounds: int, seed: int | None, out: TextIO | None = None
) -> None:
    out = sys.stdout if out is None else out  # the stdout of the call, not of the import
    rows = simulate(game, profile, rounds, seed, progress=sys.stderr if rounds >= 10_000 else None)
    print_report(game, profile, rounds, seed, rows, out)
    for odds in load_rules(config_dir() / "rulebooks", profile, game).odds():
        if not odds.simulated:
            print(f"not simulated: {odds.label}: {odds.why}", file=out)
