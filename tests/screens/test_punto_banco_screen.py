"""Punto banco on the croupier's screen: a whole session played by taps (headless, the real table
thread and journal) whose journal verifies and whose payouts are the engine's, the banker's
commission on each banker payout; the third-card rules said as they applied; the big road of
the players' display; and the shoe's faults said with what to do, at every card game."""

from __future__ import annotations

from types import SimpleNamespace

import pygame
import pytest

from games.punto_banco.drawing import Drawing
from games.rulebook import load_rules
from terminal.runtime.journal.audit import audit
from terminal.screens import kit
from terminal.screens.croupier import chrome
from terminal.screens.demo.scratch import scratch_table, screen_session
from terminal.screens.games import screens_of
from terminal.screens.games.punto_banco.boxes import seat_lines
from terminal.screens.games.punto_banco.deal import BANKER, PLAYER, TIE, Hands, rules_applied, spans
from terminal.screens.games.punto_banco.road import Cell, ShoeRoad, big_road, counts
from terminal.screens.games.punto_banco.script import play_punto_banco_session
from terminal.screens.games.punto_banco.view import PuntoBancoView
from terminal.screens.texts import LANGUAGES, Texts, catalogue
from tests.support.helpers import REPO, journal_events

GAME = "punto_banco"
SHOE_FAULTS = (
    "unreadable_card",
    "card_face_up",
    "shoe_empty",
    "card_out_of_turn",
    "not_a_card",
    "card_count_exceeded",
)


@pytest.fixture(scope="module")
def drawing() -> Drawing:
    """The default profile's third-card rules (docs/rulings.md: the classic table)."""
    return load_rules(REPO / "config" / "rulebooks", "valencia-1994", GAME).drawing


# -- the whole session -------------------------------------------------------------------------


def by_kind(events, kind):
    return [e for e in events if e["kind"] == kind]


@pytest.mark.parametrize("size", [(800, 480), (1920, 1080), (720, 1280)])
def test_a_session_played_by_taps_leaves_a_journal_that_verifies(tmp_path, size):
    cfg = scratch_table(GAME, tmp_path)
    with screen_session(cfg, size) as driver:
        view = driver.app.screens.table.view
        assert isinstance(view, PuntoBancoView)
        played = play_punto_banco_session(driver)
        assert not driver.small, f"targets under a finger's {kit.MIN_TARGET} px: {driver.small}"
        assert not driver.overlapping, f"targets over one another: {driver.overlapping}"
        rules = driver.table.rules
        # the banker's coup as the view shows it: each banker payout with its commission
        lines = seat_lines(view.app.table.rules, view.app.model.current, played["result"])
        banker = {line.seat: line for line in lines[BANKER]}
        assert set(banker) == {2, 4}
        for line in banker.values():
            assert line.result == "win"
            assert line.commission == line.stake * rules.banker_commission
            assert line.paid == line.stake - line.commission  # 1 to 1 less 5%
        assert [line.result for line in lines[PLAYER]] == ["lose"]
    report = audit(cfg.db)  # every coup dealt again from its cards by the engine
    assert report.ok, report.summary()
    # what the payouts screen had the croupier hand over is what the engine settled
    for result, sheet in (
        (played["result"], played["sheet"]),
        (played["tie"], played["tie_sheet"]),
    ):
        totals = result["totals"]
        assert sheet.total == totals["paid"] + totals["returned"]
        assert sheet.balanced
    coup = played["result"]
    assert coup["outcome"]["player"] == ["2S", "KC", "6D"]
    assert (coup["outcome"]["banker"], coup["outcome"]["source"]) == (["4H", "KD", "5C"], "manual")
    paid = {e["id"]: e for e in coup["settlement"]}
    for bet in coup["bets"]:
        if bet["code"] == BANKER:
            assert paid[bet["id"]]["paid"] == bet["stake"] * 19 // 20
    tie = played["tie"]
    assert {b["code"] for b in tie["bets"]} == {PLAYER, BANKER, TIE}
    tie_paid = {e["id"]: e for e in tie["settlement"]}
    for bet in tie["bets"]:
        entry = tie_paid[bet["id"]]
        if bet["code"] == TIE:
            assert (entry["result"], entry["paid"]) == ("win", 8 * bet["stake"])
        else:
            assert (entry["result"], entry["returned"]) == ("push", bet["stake"])
    events = journal_events(cfg)
    # a refused tie, over its maximum, entered nothing
    refused = by_kind(events, "bet.refused")
    assert [e["data"]["bet"]["code"] for e in refused] == [TIE]
    # the seventh ace of spades: an integrity fault, its coup void with the stake returned,
    # the banner acknowledged
    faults = [e for e in by_kind(events, "fault") if e["data"]["code"] == "card_count_exceeded"]
    assert len(faults) == 1 and faults[0]["data"]["device"] == "shoe"
    assert played["void"]["returned"] and "shoe integrity" in played["void"]["reason"]
    assert faults[0]["seq"] in [e["data"]["fault"] for e in by_kind(events, "fault.ack")]
    # the close: the last five hands announced, counting down, then the count signed
    last = [e["data"].get("last_rounds_left") for e in by_kind(events, "round.open")]
    assert [n for n in last if n] == [5, 4, 3, 2, 1]
    assert by_kind(events, "table.close")


# -- the rules as they applied ---------------------------------------------------------------


def said(cards: tuple[str, ...], drawing: Drawing) -> list[str]:
    """What the view says of a coup dealt `cards` in order, in English."""
    places: list[str | None] = []
    while len(places) < len(cards):
        hands = Hands.dealt(zip(places, cards, strict=False))
        places.append(hands.next_place(drawing))
    hands = Hands.dealt(zip(places, cards, strict=True))
    texts = Texts("en")
    return [texts(s.key, **s.fields) for s in rules_applied(hands, drawing)]


def test_the_third_card_rules_are_said_as_they_applied(drawing):
    # player 2 draws; banker 4 against a 6 draws: his row of the table said
    assert said(("2S", "4H", "KC", "KD", "6D", "5C"), drawing) == [
        "Player 2: draws (on 0–5)",
        "Banker 4, player's third card 6D: draws",
        "Banker's table on 4: draws against 2–7",
    ]
    # banker 3 against an 8 stands; banker 6 against a 9 stands
    assert said(("AS", "2H", "2C", "AD", "8D"), drawing)[1:] == [
        "Banker 3, player's third card 8D: stands",
        "Banker's table on 3: draws against 0–7, 9",
    ]
    assert said(("5H", "6C", "KS", "QC", "9D"), drawing)[1] == (
        "Banker 6, player's third card 9D: stands"
    )
    # banker 0 to 2 always draw; 7 never
    assert said(("2S", "QH", "KC", "2D", "9D", "3C"), drawing)[2] == (
        "Banker's table on 2: always draws"
    )
    # the player stands: the banker draws on 0-5, stands on 6-7
    assert said(("7H", "3S", "QD", "2D", "4C"), drawing) == [
        "Player 7: stands (on 6–7)",
        "Banker 5, the player stood: draws (on 0–5)",
    ]
    assert said(("7H", "3S", "QD", "4D"), drawing)[1] == (
        "Banker 7, the player stood: stands (on 6–7)"
    )
    # naturals: nobody draws
    assert said(("4C", "2D", "5S", "3H"), drawing) == ["Player's natural 9: no third card"]
    assert said(("2C", "8S", "3D", "KH"), drawing) == ["Banker's natural 8: no third card"]
    assert said(("9H", "9S", "KD", "TH"), drawing) == [
        "Player 9, banker 9: naturals, no third card"
    ]
    # the banker's rule waits for the player's third card
    assert said(("2S", "4H", "KC", "KD"), drawing) == ["Player 2: draws (on 0–5)"]
    assert said(("2S", "4H", "KC"), drawing) == []


def test_the_rules_are_said_in_every_language_with_their_fields(drawing):
    hands = Hands(("2S", "KC", "6D"), ("4H", "KD", "5C"))
    for language in LANGUAGES:
        lines = [Texts(language)(s.key, **s.fields) for s in rules_applied(hands, drawing)]
        assert len(lines) == 3 and all(lines)
    assert Texts("ca")("pb_rule_player_draws", total=2, totals="0–5") == (
        "Punt 2: demana carta (amb 0–5)"
    )


def test_spans_write_numbers_as_runs():
    assert spans([0, 1, 2, 3, 4, 5]) == "0–5"
    assert spans([9, 0, 1, 2, 3, 4, 5, 6, 7]) == "0–7, 9"
    assert spans([6, 7]) == "6–7"
    assert spans([4]) == "4"
    assert spans([]) == ""


def test_a_hand_says_its_total_natural_and_the_winner():
    hands = Hands.of({"player": ["9H", "KD"], "banker": ["9S", "TH"]})
    assert (hands.total(PLAYER), hands.natural(PLAYER), hands.winner()) == (9, True, TIE)
    hands = Hands(("2S", "KC", "6D"), ("4H", "KD", "5C"))
    assert (hands.total(PLAYER), hands.total(BANKER), hands.winner()) == (8, 9, BANKER)
    assert not hands.natural(BANKER)


# -- the big road ------------------------------------------------------------------------------


def cells(results: str, rows: int = 6) -> list[tuple[int, int, str | None, int]]:
    code = {"B": BANKER, "P": PLAYER, "T": TIE}
    return [
        (c.column, c.row, c.winner and c.winner[0].upper(), c.ties)
        for c in big_road([code[r] for r in results], rows)
    ]


def test_the_big_road_puts_a_streak_down_a_column_and_the_other_side_in_the_next():
    assert cells("BBPBBB") == [
        (0, 0, "B", 0),
        (0, 1, "B", 0),
        (1, 0, "P", 0),
        (2, 0, "B", 0),
        (2, 1, "B", 0),
        (2, 2, "B", 0),
    ]


def test_a_tie_is_marked_on_the_coup_before_it():
    assert cells("BTTPT") == [(0, 0, "B", 2), (1, 0, "P", 1)]
    # ties before the shoe's first win: on the cell that win comes to
    assert cells("TT") == [(0, 0, None, 2)]
    assert cells("TTP") == [(0, 0, "P", 2)]


def test_a_streak_past_the_bottom_row_turns_right_the_dragon_tail():
    road = cells("BBBBBBBBP")
    assert road[:6] == [(0, row, "B", 0) for row in range(6)]
    assert road[6:8] == [(1, 5, "B", 0), (2, 5, "B", 0)]  # along the bottom row
    assert road[8] == (1, 0, "P", 0)  # the next streak starts in the column after the last
    # a streak meeting the tail's cells turns right above them
    road = cells("BBBBBBBP" + "PPPPP" + "B")
    players = [c for c in road if c[2] == "P"]
    assert players == [(1, 0, "P", 0), (1, 1, "P", 0), (1, 2, "P", 0), (1, 3, "P", 0)] + [
        (1, 4, "P", 0),
        (2, 4, "P", 0),
    ]
    assert road[-1] == (2, 0, "B", 0)


def test_the_counts_are_the_shoes_banker_player_and_tie_wins():
    assert counts([BANKER, BANKER, PLAYER, TIE]) == {BANKER: 2, PLAYER: 1, TIE: 1}
    assert big_road([]) == []
    assert Cell(0, 0, None).ties == 0


def test_the_road_follows_the_shoe_and_the_corrections():
    road = ShoeRoad()
    coup = {"player": ["9H", "KD"], "banker": ["2S", "3C"]}
    road.heard({"kind": "shoe.loaded", "round": 1, "data": {"decks": 6}})
    road.heard({"kind": "round.result", "round": 1, "data": {"outcome": coup}})
    road.heard({"kind": "round.result", "round": 2, "data": {"outcome": coup}})
    assert road.results == [PLAYER, PLAYER]
    corrected = {"player": ["2H", "KD", "2C"], "banker": ["2S", "3C"]}
    road.heard({"kind": "round.correction", "round": 2, "data": {"outcome": corrected}})
    assert road.results == [PLAYER, BANKER] and road.last == Hands.of(corrected)
    road.heard({"kind": "shoe.cut_card", "round": 3, "data": {}})
    assert road.cut_out
    road.heard({"kind": "shoe.loaded", "round": 3, "data": {"decks": 6}})
    assert road.results == [] and not road.cut_out and road.last is None


# -- the shoe's faults -------------------------------------------------------------------------


def test_every_fault_of_the_shoe_says_what_to_do_in_every_language():
    for code in SHOE_FAULTS:
        for key in (f"fault_shoe_{code}", f"fault_shoe_{code}_do"):
            assert key in catalogue(), key
            assert all(text.strip() for text in catalogue()[key]), key


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_fault_banner_of_the_shoe_shows_what_to_do(monkeypatch, language):
    pygame.font.init()
    drawn: list[str] = []
    real = kit.text

    def text(surface, string, *args, **kwargs):
        drawn.append(string)
        return real(surface, string, *args, **kwargs)

    monkeypatch.setattr(kit, "text", text)
    faults = {
        n: {"device": "shoe", "code": code, "severity": "error", "detail": "as journaled"}
        for n, code in enumerate(("card_face_up", "card_count_exceeded"), 1)
    }
    texts = Texts(language)
    app = SimpleNamespace(
        model=SimpleNamespace(state=SimpleNamespace(unacknowledged=faults)),
        s=1.0,
        texts=texts,
        croupier="C-07",
    )
    surface = pygame.Surface((800, 480))
    height, targets = chrome.fault_banners(app, surface, 52)
    assert [t.name for t in targets] == ["ack:2", "ack:1"]
    assert all(min(t.rect.size) >= kit.MIN_TARGET for t in targets)
    shown = " ".join(drawn)
    for code in ("card_face_up", "card_count_exceeded"):
        assert texts(f"fault_shoe_{code}") in shown
        first_words = texts(f"fault_shoe_{code}_do").split()[:3]
        assert " ".join(first_words) in shown
    assert height > 2 * (kit.MIN_TARGET + 4)  # what to do takes lines of its own
    # the table's door too: in words, with what to do; the technician's detail is not shown
    door = {9: {"device": "gpio", "code": "door_open", "severity": "error", "detail": "open"}}
    app.model.state.unacknowledged = door
    drawn.clear()
    height, _ = chrome.fault_banners(app, surface, 52)
    assert texts("fault_gpio_door_open") in " ".join(drawn) and "open" not in drawn
    assert height > kit.MIN_TARGET + 4


def test_the_view_is_the_games_own():
    assert screens_of(GAME).view is PuntoBancoView
