"""A game that is not ours plays (issue 22, point 6): the coin toss of tests/coin_toss/, written as
docs/adding-a-game.md says (its rules, layout, engine, announcements and description in
`game/`, its screens in `screens/`, its rulebook profile and example table in `config/`), is
registered at run time, no product file naming it, and plays a simulated session and a staffed
session on the croupier's screen, each to a journal that `journal verify` accepts."""

from __future__ import annotations

import io
import os
import signal
from functools import partial
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # the croupier's screen drawn headless

import pytest  # noqa: E402

from games.registry import GAMES  # noqa: E402
from terminal.assemble import RunOptions, assemble  # noqa: E402
from terminal.cli import main  # noqa: E402
from terminal.common import draw  # noqa: E402
from terminal.runtime.journal.audit import audit  # noqa: E402
from terminal.runtime.loop.state import TableState  # noqa: E402
from terminal.screens import games as screens  # noqa: E402
from terminal.screens import kit  # noqa: E402
from terminal.screens.demo.scratch import local_table, scratch_table, screen_session  # noqa: E402
from terminal.screens.demo.scripts import script_of  # noqa: E402
from terminal.screens.texts import Texts  # noqa: E402
from tests.coin_toss.game.game import GAME  # noqa: E402
from tests.coin_toss.game.layout import EDGE, HEADS, TAILS  # noqa: E402
from tests.coin_toss.screens import SCREENS  # noqa: E402
from tests.support.helpers import by_kind, journal_events  # noqa: E402

CONFIG = Path(__file__).parent / "coin_toss" / "config"


@pytest.fixture
def coin_toss(monkeypatch):
    """The coin toss registered, its rulebook and table found in its own config folder, for
    the test only."""
    monkeypatch.setenv("DEALER_TERMINAL_CONFIG", str(CONFIG))
    monkeypatch.setitem(GAMES, GAME.id, GAME)
    unregister = screens.register(SCREENS)
    yield GAME
    unregister()


def test_the_game_is_in_no_product_registry():
    assert GAME.id not in GAMES
    with pytest.raises(KeyError):
        screens.screens_of(GAME.id)


def test_registered_it_is_found_by_the_shared_screens_and_their_texts(coin_toss):
    assert screens.screens_of("coin_toss") is SCREENS
    assert Texts("es")("cloth_tails") == "Cruz"
    assert Texts("ca").bet("heads") == "Cara"


def test_its_screens_cannot_be_registered_twice(coin_toss):
    with pytest.raises(ValueError, match="registered twice"):
        screens.register(SCREENS)
    assert screens.screens_of("coin_toss") is SCREENS  # the first still stands


def test_a_simulated_session_plays_settles_and_verifies(coin_toss, tmp_path):
    cfg = local_table("coin_toss", tmp_path)
    with assemble(cfg, RunOptions(sim=True, seed=7, out=io.StringIO(), log=io.StringIO())) as table:
        assert table.run(rounds=12) == 12
        live = table.state
    events = journal_events(cfg)
    results = by_kind(events, "round.result")
    assert len(results) == 12
    assert {r["outcome"]["number"] for r in results} <= {EDGE, HEADS, TAILS}
    assert any(r["settlement"] for r in results)
    (count,) = by_kind(events, "float.count")
    assert count["result"] == sum(r["totals"]["house_net"] for r in results)
    assert TableState.replay(cfg.id, cfg.game, events) == live
    report = audit(cfg.db)
    assert report.ok, report.summary()


def test_dealer_terminal_run_sim_then_journal_verify(coin_toss, tmp_path, capsys, request):
    """`dealer-terminal run --game coin_toss --sim --rounds 5`, then `journal verify`, in
    process."""
    for signum in (signal.SIGINT, signal.SIGTERM):  # `run` takes them: given back after it
        request.addfinalizer(partial(signal.signal, signum, signal.getsignal(signum)))
    db = tmp_path / "journal.sqlite"
    feed = f"ipc://{tmp_path}/feed"
    run = ["run", "--game", "coin_toss", "--sim", "--rounds", "5", "--seed", "3", "--headless"]
    argv = [*run, "--db", str(db), "--publish", feed, "--replay", f"ipc://{tmp_path}/replay"]
    assert main(argv) == 0, capsys.readouterr().err
    assert main(["journal", "verify", "--db", str(db)]) == 0, capsys.readouterr()


def test_its_rules_and_a_simulation_of_its_odds(coin_toss, capsys):
    """`dealer-terminal rules --game coin_toss`, and `simulate` measuring every bet's edge."""
    assert main(["rules", "--game", "coin_toss"]) == 0
    assert "heads  1     1/3" in capsys.readouterr().out
    assert main(["simulate", "--game", "coin_toss", "--rounds", "4000", "--seed", "1"]) == 0
    assert "2 of 2 bets within their 95% interval" in capsys.readouterr().out


@pytest.mark.parametrize("language", ["ca", "es", "en"])
def test_a_staffed_session_on_the_screen_leaves_a_journal_that_verifies(
    coin_toss, tmp_path, monkeypatch, language
):
    drawn: list[str] = []
    real = draw.text

    def text(surface, string, *args, **kwargs):
        drawn.append(string)
        return real(surface, string, *args, **kwargs)

    monkeypatch.setattr(kit, "text", text)
    monkeypatch.setattr(draw, "text", text)
    cfg = scratch_table("coin_toss", tmp_path)
    with screen_session(cfg, (800, 480), language=language) as driver:
        played = script_of("coin_toss")(driver, lambda name: None)
        assert not driver.small, f"targets under a finger's {kit.MIN_TARGET} px: {driver.small}"
        assert not driver.overlapping, f"targets over one another: {driver.overlapping}"
    report = audit(cfg.db)  # every round, and the correction, settled again by the engine
    assert report.ok, report.summary()
    result = played["result"]
    assert result["bets"] and result["outcome"]["number"] == HEADS
    sheet = played["sheet"]  # what the payouts screen had handed over is what the engine paid
    assert sheet.total == result["totals"]["paid"] + result["totals"]["returned"]
    assert sheet.balanced
    texts = Texts(language)
    # its cloth, its bets and its name said in the screen's language, from its own texts
    assert {texts("cloth_heads"), texts("cloth_tails")} <= set(drawn)
    assert any(texts.bet("heads") in line for line in drawn)
