"""Fixed dice sequences (crapssim's fixed_run) through every bet and every path of the game."""

from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from games.craps.engine import CrapsEngine, CrapsState
from games.records import Bet, BetRefused, Settlement, Totals
from games.rulebook import load_rules

F = Fraction
RULEBOOKS = Path(__file__).resolve().parents[2] / "config" / "rulebooks"
SHOOTER = 1


@pytest.fixture(scope="module")
def engine():
    """Minimum 500, chips of 100: 7:6, 5:8, 5:11 and 6:5 on odd chips leave breakage."""
    rules = load_rules(RULEBOOKS, "valencia-1994", "craps")
    return CrapsEngine(rules, rules.limits(500, 100))


class Table:
    """A table driven by fixed dice: `roll(dice, *bets)` places the bets (checked against the
    state) and settles them, the shooter's Win bet added on a come-out when missing."""

    def __init__(self, engine, state=None):
        self.engine = engine
        self.state = state or engine.new_state(SHOOTER)
        self.n = 0

    def bet(self, code, stake=500, seat=2, id=None):
        self.n += 1
        return Bet(id or f"b{self.n}", seat, code, stake)

    def roll(self, dice, *bets):
        accepted = []
        for b in bets:
            accepted.append(self.engine.place(b, accepted, state=self.state))
        if self.state.shooter is None:
            self.state = self.engine.with_shooter(self.state, SHOOTER)
        if not self.state.shooter_bets(accepted):
            accepted.append(
                self.engine.place(
                    self.bet("pass", seat=SHOOTER, id=f"shooter{self.n}"),
                    accepted,
                    state=self.state,
                )
            )
        result = self.engine.settle(self.state, accepted, {"dice": list(dice)})
        self.state = result.state
        self.result = result
        return {e.id: e for e in result.settlement}

    def to_point(self, point, *bets):
        dice = {4: (1, 3), 5: (1, 4), 6: (2, 4), 8: (3, 5), 9: (4, 5), 10: (4, 6)}[point]
        out = self.roll(dice, *bets)
        assert self.state.point == point
        return out


def win(id, paid, stake=500, breakage=0):
    return Settlement(id, "win", paid=paid, returned=stake, breakage=breakage)


def lose(id):
    return Settlement(id, "lose")


def open_(id):
    return Settlement(id, "open")


# --- Win and Don't Win ---------------------------------------------------------------------


@pytest.mark.parametrize("dice", [(3, 4), (5, 6), (1, 6)])
def test_a_natural_on_the_come_out_pays_win_and_takes_dont_win(engine, dice):
    t = Table(engine)
    p, d = t.bet("pass"), t.bet("dontpass")
    out = t.roll(dice, p, d)
    assert out["b1"] == win("b1", 500) and out["b2"] == lose("b2")
    assert t.state.point is None and t.state.layout == ()
    assert t.result.outcome == {"dice": list(dice), "point_before": None, "point_after": None}
    assert t.result.announcement.key == "natural"
    assert (
        t.result.announcement.text["ca"]
        == f"{sum(dice)}, {'set' if sum(dice) == 7 else 'onze'}: guanya el Win"
    )


@pytest.mark.parametrize(("dice", "dont"), [((1, 1), "win"), ((1, 2), "win"), ((6, 6), "push")])
def test_craps_on_the_come_out_take_win_and_the_12_is_barred_for_dont_win(engine, dice, dont):
    t = Table(engine)
    out = t.roll(dice, t.bet("pass"), t.bet("dontpass"))
    assert out["b1"] == lose("b1")
    assert out["b2"] == (
        win("b2", 500) if dont == "win" else Settlement("b2", "push", returned=500)
    )
    assert t.result.announcement.key == "craps" and t.result.announcement.text["en"].endswith(
        "craps: Win loses"
    )
    assert t.result.totals == Totals(staked=1500, paid=500 if dont == "win" else 0, returned=500)


@pytest.mark.parametrize("point", [4, 5, 6, 8, 9, 10])
def test_a_point_is_set_then_made(engine, point):
    t = Table(engine)
    p, d = t.bet("pass"), t.bet("dontpass", seat=3)
    out = t.to_point(point, p, d)
    assert out == {"b1": open_("b1"), "b2": open_("b2"), "shooter2": open_("shooter2")}
    assert (
        t.result.totals == Totals()
        and t.result.announcement.text["ca"] == f"{point}, punt: el punt és el {point}"
    )
    assert t.state.layout == (p, d, t.result.bets[2])
    out = t.roll((1, 1))  # no decision: stays, shown as open
    assert [b.id for b in t.result.bets] == ["b1", "b2", "shooter2"] and out["b1"] == open_("b1")
    half = point // 2
    out = t.roll((half, point - half))
    assert out["b1"] == win("b1", 500) and out["b2"] == lose("b2")
    assert t.result.outcome["point_before"] == point and t.result.outcome["point_after"] is None
    assert t.result.announcement.key == "point_made"
    assert t.state.point is None and t.state.shooter == SHOOTER and t.state.rolls == 3


def test_a_seven_out_takes_win_pays_dont_win_and_passes_the_dice(engine):
    t = Table(engine)
    t.to_point(8, t.bet("pass"), t.bet("dontpass", seat=3))
    out = t.roll((2, 5))
    assert out["b1"] == lose("b1") and out["b2"] == win("b2", 500)
    assert (
        t.result.announcement.key == "seven_out"
        and t.result.announcement.text["ca"] == "7, set: perd el Win, canvi de mà"
    )
    assert t.state == CrapsState(point=None, layout=(), shooter=None, rolls=0)
    with pytest.raises(ValueError, match="no shooter"):
        engine.settle(t.state, [Bet("x", 1, "pass", 500)], {"dice": [3, 4]})
    assert engine.with_shooter(t.state, 4).shooter == 4


# --- Come and Don't Come --------------------------------------------------------------------


def test_a_come_bet_travels_keeping_its_id_and_is_paid_on_its_number(engine):
    t = Table(engine)
    t.to_point(4)
    c = t.bet("come", 1000, id="c")
    out = t.roll((3, 3), c)
    assert out["c"] == open_("c") and t.result.announcement.key == "roll"
    assert t.result.announcement.text["en"] == "6 the hard way"
    assert replace(c, code="come:6") in t.state.layout
    out = t.roll((5, 5))
    assert t.result.bets[1] == Bet("c", 2, "come:6", 1000) and out["c"] == open_("c")
    out = t.roll((1, 5))
    assert out["c"] == win("c", 1000, stake=1000) and t.state.point == 4


@pytest.mark.parametrize(
    ("dice", "result"),
    [((3, 4), "win"), ((5, 6), "win"), ((1, 1), "lose"), ((1, 2), "lose"), ((6, 6), "lose")],
)
def test_a_come_bet_is_decided_on_its_first_roll_like_win(engine, dice, result):
    t = Table(engine)
    t.to_point(5)
    out = t.roll(dice, t.bet("come", id="c"))
    assert out["c"].result == result


def test_a_travelled_come_bet_loses_on_seven(engine):
    t = Table(engine)
    t.to_point(5)
    t.roll((4, 5), t.bet("come", id="c"))
    assert t.roll((3, 4))["c"] == lose("c")


@pytest.mark.parametrize(
    ("dice", "expected"),
    [
        ((1, 1), win("d", 500)),
        ((1, 2), win("d", 500)),
        ((6, 6), Settlement("d", "push", returned=500)),
        ((3, 4), lose("d")),
        ((5, 6), lose("d")),
    ],
)
def test_dont_come_on_its_first_roll(engine, dice, expected):
    t = Table(engine)
    t.to_point(10)
    assert t.roll(dice, t.bet("dontcome", id="d"))["d"] == expected


def test_dont_come_travels_then_wins_on_seven_or_loses_on_its_number(engine):
    t = Table(engine)
    t.to_point(10)
    t.roll((4, 5), t.bet("dontcome", id="d"), t.bet("dontcome", id="e"))
    assert {b.code for b in t.state.layout if b.id in "de"} == {"dontcome:9"}
    assert t.roll((3, 6))["d"] == lose("d")
    t = Table(engine)
    t.to_point(10)
    t.roll((4, 5), t.bet("dontcome", id="d"))
    assert t.roll((3, 4))["d"] == win("d", 500)


# --- odds ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("point", "stake", "paid"),
    [
        (4, 500, 1000),
        (10, 300, 600),
        (5, 400, 600),
        (9, 200, 300),
        (6, 500, 600),
        (8, 500, 600),
    ],
)
def test_win_odds_pay_true_odds_exactly(engine, point, stake, paid):
    t = Table(engine)
    t.to_point(point, t.bet("pass", id="p"))
    t.roll((1, 1), t.bet("odds:pass", stake, id="o"))
    half = point // 2
    out = t.roll((half, point - half))
    assert out["p"] == win("p", 500)
    assert out["o"] == win("o", paid, stake=stake)
    assert (
        out["o"].paid
        == stake * {4: 2, 10: 2, 5: F(3, 2), 9: F(3, 2), 6: F(6, 5), 8: F(6, 5)}[point]
    )


@pytest.mark.parametrize(
    ("point", "stake", "paid"),
    [
        (4, 1000, 500),
        (10, 800, 400),
        (5, 600, 400),
        (9, 300, 200),
        (6, 600, 500),
        (8, 600, 500),
    ],
)
def test_dont_win_odds_pay_true_odds_on_the_seven(engine, point, stake, paid):
    t = Table(engine)
    t.to_point(point, t.bet("dontpass", id="d"))
    out = t.roll((3, 4), t.bet("odds:dontpass", stake, id="o"))
    assert out["d"] == win("d", 500)
    assert out["o"] == win("o", paid, stake=stake)


@pytest.mark.parametrize(
    ("line", "point", "stake", "reason"),
    [
        (
            "pass",
            5,
            500,
            "odds on 5 pay 3 to 2: stake a multiple of 2.00 to be paid exactly, not 5.00",
        ),
        (
            "pass",
            8,
            300,
            "odds on 8 pay 6 to 5: stake a multiple of 5.00 to be paid exactly, not 3.00",
        ),
        (
            "pass",
            4,
            250,
            "odds on 4 pay 2 to 1: stake a multiple of 1.00 to be paid exactly, not 2.50",
        ),
        (
            "dontpass",
            10,
            900,
            "odds on 10 pay 1 to 2: stake a multiple of 2.00 to be paid exactly, not 9.00",
        ),
        (
            "dontpass",
            5,
            700,
            "odds on 5 pay 2 to 3: stake a multiple of 3.00 to be paid exactly, not 7.00",
        ),
        (
            "dontpass",
            8,
            500,
            "odds on 8 pay 5 to 6: stake a multiple of 6.00 to be paid exactly, not 5.00",
        ),
    ],
)
def test_odds_are_refused_at_a_stake_breakage_would_cut(engine, line, point, stake, reason):
    """True odds have no house edge (section 09 IV.1.C): rounding their payout down to the
    chips would give them one, so an odds stake is taken only where it is paid exactly."""
    t = Table(engine)
    t.to_point(point, t.bet(line, id="l"))
    assert engine.check(t.bet(f"odds:{line}", stake), state=t.state) == reason


def test_odds_lose_with_their_line_bet(engine):
    t = Table(engine)
    t.to_point(6, t.bet("pass", id="p"), t.bet("dontpass", id="d"))
    out = t.roll((2, 5), t.bet("odds:pass", 500, id="o"), t.bet("odds:dontpass", 600, id="q"))
    assert out["o"] == lose("o") and out["q"] == win("q", 500, stake=600)
    t = Table(engine)
    t.to_point(6, t.bet("dontpass", id="d"))
    t.roll((1, 1), t.bet("odds:dontpass", 600, id="q"))
    assert t.roll((1, 5))["q"] == lose("q")


def test_come_odds_follow_their_bet_on_the_come_out_too(engine):
    t = Table(engine)
    t.to_point(4)
    t.roll((2, 3), t.bet("come", id="c"), t.bet("dontcome", id="d", seat=3))
    t.roll((1, 1), t.bet("odds:come:5", 400, id="o"), t.bet("odds:dontcome:5", 600, id="q", seat=3))
    out = t.roll((2, 2))  # point made: the table comes out
    assert out["o"] == open_("o") and t.state.point is None
    out = t.roll((1, 4))  # a come-out 5: the come bet and its odds win
    assert out["c"] == win("c", 500) and out["o"] == win("o", 600, stake=400)
    assert out["d"] == lose("d") and out["q"] == lose("q")
    assert t.state.point == 5


def test_come_odds_lose_on_a_come_out_seven(engine):
    t = Table(engine)
    t.to_point(4)
    t.roll((4, 6), t.bet("come", id="c"), t.bet("dontcome", id="d", seat=3))
    t.roll(
        (1, 1), t.bet("odds:come:10", 500, id="o"), t.bet("odds:dontcome:10", 1000, id="q", seat=3)
    )
    t.roll((1, 3))
    out = t.roll((3, 4))  # natural for the new Win bet, seven for the come bets
    assert out["c"] == lose("c") and out["o"] == lose("o")
    assert out["d"] == win("d", 500) and out["q"] == win("q", 500, stake=1000)
    assert t.state.layout == ()


# --- place and lay -------------------------------------------------------------------------

DICE = {4: (1, 3), 5: (2, 3), 6: (1, 5), 8: (2, 6), 9: (3, 6), 10: (4, 6)}


@pytest.mark.parametrize(
    ("number", "paid", "breakage"),
    [
        (4, 900, 0),
        (10, 900, 0),
        (5, 700, 0),
        (9, 700, 0),
        (6, 500, F(250, 3)),
        (8, 500, F(250, 3)),
    ],
)
def test_place_bets_pay_9_5_7_5_7_6(engine, number, paid, breakage):
    t = Table(engine)
    out = t.roll((6, 6), t.bet(f"place:{number}", id="p"))
    assert out["p"] == open_("p")
    assert t.roll(DICE[number])["p"] == win("p", paid, breakage=breakage)


@pytest.mark.parametrize(
    ("number", "paid", "breakage"),
    [
        (4, 200, F(300, 11)),
        (10, 200, F(300, 11)),
        (5, 300, F(25, 2)),
        (9, 300, F(25, 2)),
        (6, 400, 0),
        (8, 400, 0),
    ],
)
def test_lay_bets_pay_5_11_5_8_4_5_on_the_seven(engine, number, paid, breakage):
    t = Table(engine)
    t.to_point(4 if number != 4 else 5, t.bet(f"lay:{number}", id="l"))
    assert t.roll((6, 1))["l"] == win("l", paid, breakage=breakage)


@pytest.mark.parametrize("number", [4, 5, 6, 8, 9, 10])
def test_place_loses_on_seven_and_lay_on_its_number(engine, number):
    t = Table(engine)
    t.roll((1, 1), t.bet(f"place:{number}", id="p"))
    assert t.roll((3, 4))["p"] == lose("p")
    t = Table(engine)
    t.roll((1, 1), t.bet(f"lay:{number}", id="l"))
    assert t.roll(DICE[number])["l"] == lose("l")


# --- hard ways, big 6 and 8 -----------------------------------------------------------------


@pytest.mark.parametrize(("number", "pays"), [(4, 7), (6, 9), (8, 9), (10, 7)])
def test_a_hard_way_wins_on_its_double_and_loses_the_easy_way_or_on_seven(engine, number, pays):
    half = number // 2
    for dice, expected in [
        ((half, half), win("h", 500 * pays)),
        ((half - 1, half + 1), lose("h")),
        ((3, 4), lose("h")),
    ]:
        t = Table(engine)
        assert t.roll((1, 2), t.bet(f"hard:{number}", id="h"))["h"] == open_("h")
        assert t.roll(dice)["h"] == expected


@pytest.mark.parametrize("code", ["big6", "big8"])
def test_big_6_and_8_win_any_way_and_lose_on_seven(engine, code):
    n = int(code[3:])
    t = Table(engine)
    assert t.roll((2, 2), t.bet(code, id="g"))["g"] == open_("g")
    assert t.roll((n - 5, 5))["g"] == win("g", 500)
    t = Table(engine)
    t.roll((5, 5), t.bet(code, id="g"))
    assert t.roll((1, 6))["g"] == lose("g")


# --- one-roll bets ---------------------------------------------------------------------------

ONE_ROLL = {
    "field": {2: 2, 3: 1, 4: 1, 9: 1, 10: 1, 11: 1, 12: 2},
    "under7": {t: 1 for t in range(2, 7)},
    "over7": {t: 1 for t in range(8, 13)},
    "any7": {7: 4},
    "yo11": {11: 15},
    "anycraps": {2: 7, 3: 7, 12: 7},
    "craps:2": {2: 30},
    "craps:3": {3: 15},
    "craps:12": {12: 30},
    "horn": {2: 4, 3: 4, 11: 4, 12: 4},
}


@pytest.mark.parametrize("total", range(2, 13))
def test_every_one_roll_bet_on_every_total(engine, total):
    t = Table(engine)
    bets = [t.bet(code, id=code) for code in ONE_ROLL]
    out = t.roll((max(1, total - 6), min(6, total - 1)), *bets)
    for code, pays in ONE_ROLL.items():
        assert out[code] == (win(code, 500 * pays[total]) if total in pays else lose(code)), code
    assert t.state.layout == tuple(b for b in t.state.layout if b.id.startswith("shooter"))


# --- refusals that depend on the state ---------------------------------------------------------


def test_bets_refused_by_the_state_of_the_game(engine):
    t = Table(engine)
    come_out = t.state
    check = engine.check
    assert (
        check(Bet("x", 2, "come", 500), state=come_out)
        == "Come and Don't Come are taken only while a point is on"
    )
    assert "once a point is on" in check(Bet("x", 2, "odds:pass", 500), state=come_out)
    assert "no come:6 bet" in check(Bet("x", 2, "odds:come:6", 500), state=come_out)
    t.to_point(6, t.bet("pass", seat=2, id="p"), t.bet("dontpass", seat=3, id="d"))
    point = t.state
    assert (
        check(Bet("x", 2, "pass", 500), state=point)
        == "Win and Don't Win are taken on a come-out only; the point is 6"
    )
    assert check(Bet("x", 2, "dontpass", 500), state=point).startswith("Win and Don't Win")
    assert check(Bet("x", 2, "come", 500), state=point) is None
    assert check(Bet("x", 2, "odds:pass", 500), state=point) is None
    assert check(Bet("x", 2, "odds:pass", 1000), state=point) == (
        "seat 2 would have 10.00 of odds on pass (5.00), over the limit of 5.00"
    )
    assert "over the limit" in check(
        Bet("x", 2, "odds:pass", 500), [Bet("y", 2, "odds:pass", 500)], state=point
    )
    assert check(Bet("x", 3, "odds:dontpass", 600), state=point) is None  # 120% on 6
    assert "over the limit of 6.00" in check(Bet("x", 3, "odds:dontpass", 1200), state=point)
    assert "seat 4 has no pass bet" in check(Bet("x", 4, "odds:pass", 500), state=point)
    assert "stake a multiple of 5.00" in check(Bet("x", 2, "odds:pass", 250), state=point)
    assert "travelled" in check(Bet("x", 2, "come:6", 500), state=point)
    assert "already taken" in check(Bet("p", 2, "field", 500), state=point)


def test_stakes_minimum_and_maxima(engine):
    check = engine.check
    assert "below the table minimum" in check(Bet("x", 2, "field", 100))
    assert "not a multiple of the table minimum" in check(Bet("x", 2, "field", 700))
    assert check(Bet("x", 2, "place:6", 300_000)) is None
    assert "over the place:4 maximum of 2,500.00" in check(Bet("x", 2, "place:4", 250_500))
    assert "over the yo11 maximum of 250.00" in check(
        Bet("x", 2, "yo11", 20_000), [Bet("y", 2, "yo11", 5_500)]
    )
    assert check(Bet("x", 3, "yo11", 20_000), [Bet("y", 2, "yo11", 20_000)]) is None  # per seat
    layout = CrapsState(point=None, layout=(Bet("y", 2, "hard:6", 50_000),), shooter=1)
    assert "would have 505.00 on hard:6" in check(Bet("x", 2, "hard:6", 500), state=layout)
    assert "unknown bet" in check(Bet("x", 2, "buy:4", 500))
    assert "positive whole amount" in check(Bet("x", 2, "field", 0))
    with pytest.raises(BetRefused, match="hard ways"):
        engine.place(Bet("x", 2, "hard:5", 500))


# --- withdrawals between rolls --------------------------------------------------------------


def test_bets_that_may_be_withdrawn_between_rolls(engine):
    t = Table(engine)
    t.to_point(
        9,
        t.bet("dontpass", seat=3, id="d"),
        t.bet("place:6", id="pl"),
        t.bet("lay:4", id="la"),
        t.bet("hard:8", id="h"),
        t.bet("big6", id="g"),
    )
    # come loses on 2, dontcome wins
    t.roll((1, 1), t.bet("come", id="c"), t.bet("dontcome", id="dc"))
    t.roll(
        (2, 3),
        t.bet("come", id="c2"),
        t.bet("dontcome", id="dc2"),
        t.bet("odds:dontpass", 600, seat=3, id="o"),
    )
    state = t.state
    for bet_id in ("pl", "la", "h", "g", "dc2", "o"):
        state, entry = engine.withdraw(state, bet_id)
        assert entry == Settlement(bet_id, "withdrawn", returned=600 if bet_id == "o" else 500)
        assert all(b.id != bet_id for b in state.layout)
    state, entry = engine.withdraw(state, "d")  # its odds went first
    assert entry.result == "withdrawn"


def test_bets_that_may_not_be_withdrawn(engine):
    t = Table(engine)
    t.to_point(5, t.bet("pass", id="p"), t.bet("dontpass", seat=3, id="d"))
    t.roll((1, 3), t.bet("come", id="c"), t.bet("odds:dontpass", 600, seat=3, id="o"))
    state = t.state
    assert "Win and Come bets stay" in engine.can_withdraw(state, "p")
    assert "Win and Come bets stay" in engine.can_withdraw(state, "c")  # travelled to 4
    assert engine.can_withdraw(state, "d") == "dontpass carries odds: withdraw the odds first"
    assert engine.can_withdraw(state, "nope") == "no bet nope on the layout"
    with pytest.raises(BetRefused, match="stay until they win or lose"):
        engine.withdraw(state, "p")
    with pytest.raises(ValueError, match="no bet nope"):
        engine.withdraw(state, "nope")
    assert engine.withdraw(state, "o")[0].layout == tuple(b for b in state.layout if b.id != "o")


def test_the_shooter_keeps_a_win_or_dont_win_bet(engine):
    t = Table(engine)
    t.to_point(6, t.bet("dontpass", seat=SHOOTER, id="s"))
    assert t.state.shooter_covered
    assert engine.can_withdraw(t.state, "s") == "the shooter must keep a Win or Don't Win bet"


# --- the shooter's obligation, void rolls, the last round ------------------------------------


def test_the_shooter_must_bet_on_win_or_dont_win_before_rolling(engine):
    state = engine.new_state(SHOOTER)
    others = [Bet("a", 2, "pass", 500), Bet("b", SHOOTER, "field", 500)]
    reason = "the shooter (seat 1) must bet on Win or Don't Win before rolling"
    assert engine.can_roll(state, others) == reason
    with pytest.raises(ValueError, match=r"must bet on Win or Don't Win"):
        engine.settle(state, others, {"dice": [3, 4]})
    assert engine.can_roll(state, [*others, Bet("c", SHOOTER, "dontpass", 500)]) is None
    assert (
        engine.can_roll(engine.new_state(), others) == "no shooter: the dice go to the next player"
    )
    assert not state.shooter_covered


def test_a_void_roll_returns_the_new_bets_and_keeps_the_layout(engine):
    t = Table(engine)
    t.to_point(8, t.bet("place:6", id="pl"))
    new = [t.bet("field", id="f"), t.bet("come", id="c")]
    result = engine.void(t.state, new, "off_table")
    assert (
        result.state == t.state and result.returned == tuple(new) and result.kept == t.state.layout
    )
    assert result.announcement.text == {"ca": "Tirada nul·la", "es": "Tirada nula", "en": "No roll"}
    with pytest.raises(ValueError, match="no void roll cause 'sneezed'"):
        engine.void(t.state, new, "sneezed")


def test_the_last_round_is_the_last_shooters_seven_out(engine):
    t = Table(engine)
    t.to_point(4, t.bet("place:8", id="pl"))
    assert not engine.ends_hand(t.state, [2, 2]) and engine.ends_hand(t.state, [3, 4])
    with pytest.raises(ValueError, match="seven out"):
        engine.settle(t.state, [], {"dice": [2, 6]}, last_round=True)
    result = engine.settle(t.state, [], {"dice": [3, 4]}, last_round=True)
    assert result.state.layout == () and result.state.shooter is None
    assert engine.announcement("last_shooter").text["ca"] == "Últim tirador"


def test_totals_count_only_the_bets_that_ended(engine):
    t = Table(engine)
    t.to_point(8, t.bet("place:6", 3000, id="pl"), t.bet("field", id="f"))
    # the field lost, the rest stays
    assert t.result.totals == Totals(staked=500, paid=0, returned=0)
    t.roll((3, 3), t.bet("field", id="f2"))
    assert t.result.totals == Totals(staked=500 + 3000, paid=0 + 3500, returned=3000)
    assert t.result.totals.house_net == -3000
