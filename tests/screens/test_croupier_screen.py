"""The croupier's screen as a croupier uses it: a finger's tap taken once, a display turned,
the language switched at once, a fault's banner acknowledged, the simulated players' bets on
the cloth, and frames that go on while the journal is held: nothing shown before it is
durable."""

from __future__ import annotations

import threading
from dataclasses import replace

import pygame
import pytest

from games.roulette.entries import ColourAssign
from terminal.assemble import assemble
from terminal.screens import kit
from terminal.screens.demo.driver import Driver
from terminal.screens.demo.scratch import local_table, scratch_table, screen_session
from terminal.screens.demo.script import open_session, play_wheel_session
from terminal.screens.display import Display
from terminal.screens.games.roulette.view import COLOUR_RGB
from terminal.screens.model import ScreenSink
from tests.support.helpers import cli, quiet


def bets_open(driver):
    open_session(driver, lambda name: None)
    driver.press("open_round")
    driver.until(lambda: driver.model.state.round_status == "open", "bets open")


def test_a_finger_tap_is_taken_once_though_sdl_also_makes_it_a_mouse_click(tmp_path):
    with screen_session(scratch_table("roulette_fr", tmp_path), (800, 480)) as driver:
        bets_open(driver)
        app = driver.app
        seat = next(t for t in app.targets if t.name == "seat:2")
        x, y = seat.rect.center
        app.handle(
            [
                pygame.event.Event(pygame.FINGERDOWN, x=x / 800, y=y / 480, finger_id=0),
                pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1, touch=True),
            ]
        )
        assert app.screens.table.seat == 2
        driver.frame()

        def click(name: str) -> None:  # a mouse's click (no finger) is a tap too
            target = next(t for t in app.targets if t.name == name)
            app.handle(
                [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=target.rect.center, button=1)]
            )
            driver.frame()

        click("chips")  # at 800x480 the stakes are one button, which opens them all
        assert driver.screen() == "picker"
        stake = next(t for t in app.targets if t.name.startswith("chip:") and t.name != "chip:500")
        click(stake.name)
        assert app.screens.table.chip == int(stake.name.split(":")[1])
        taps = []
        table_screen = app.screens.table
        real_bet = table_screen.bet
        table_screen.bet = lambda code: taps.append(code) or real_bet(code)
        cloth = table_screen.view._cloth
        px, py = cloth.anchor("red")
        app.handle(
            [
                pygame.event.Event(pygame.FINGERDOWN, x=px / 800, y=py / 480, finger_id=0),
                pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(px, py), button=1, touch=True),
            ]
        )
        assert taps == ["red"]
        driver.until(lambda: len(driver.model.current.bets) == 1, "the one bet journaled")


@pytest.mark.parametrize("rotation", [90, 180, 270])
def test_a_display_turned_shows_the_screen_turned_and_takes_taps_where_they_land(rotation):
    panel = (720, 1280) if rotation in (90, 270) else (800, 480)  # a Touch Display 2 turned
    display = Display(panel, rotation=rotation)
    try:
        assert display.size == (panel if rotation == 180 else panel[::-1])
        display.surface.fill((0, 0, 0))
        display.surface.fill((255, 0, 0), pygame.Rect(0, 0, 10, 10))  # the logical top left
        display.show()
        pw, ph = display.physical_size
        physical = {90: (pw - 5, 5), 180: (pw - 5, ph - 5), 270: (5, ph - 5)}[rotation]
        assert display.window.get_at(physical)[:3] == (255, 0, 0)
        x, y = display.untransform(physical)
        assert x < 10 and y < 10
    finally:
        display.close()


def test_the_language_switches_at_once_on_every_text(tmp_path):
    with screen_session(scratch_table("roulette_fr", tmp_path), (800, 480)) as driver:
        driver.until(lambda: driver.screen() == "opening", "the sign-in")
        assert driver.app.texts("sign_in") == "Identificació del crupier"
        driver.press("language")
        assert driver.app.texts.language == "es"
        assert driver.app.texts("sign_in") == "Identificación del crupier"
        driver.press("language")
        assert driver.app.texts("sign_in") == "Croupier sign-in"


def test_a_fault_banner_stays_until_acknowledged(tmp_path):
    cfg = replace(scratch_table("roulette_fr", tmp_path), gpio="sim://gpio")  # the door open
    with screen_session(cfg, (800, 480)) as driver:
        seq = driver.until(
            lambda: next(iter(driver.model.state.unacknowledged), None), "the door's fault"
        )
        driver.until(lambda: driver.showing(f"ack:{seq}"), "its banner")
        driver.press(f"ack:{seq}")
        driver.until(lambda: not driver.showing(f"ack:{seq}"), "the banner gone")
        acks = [e for e in driver.table.journal.events() if e["kind"] == "fault.ack"]
        assert acks[0]["data"]["fault"] == seq
        assert "gpio/door_open" in driver.model.state.faults  # it stands until the door shuts


def test_the_demo_shows_the_simulated_players_bets_on_the_cloth(tmp_path):
    cfg = local_table("roulette_fr", tmp_path, "sim://wheel?spin=1")
    sink = ScreenSink()
    with assemble(cfg, quiet(sim=True, seed=3, sinks=(sink,))) as table:
        driver = Driver(table, sink, (800, 480)).start()
        try:
            driver.until(
                lambda: driver.model.current is not None and driver.model.current.bets,
                "the players' bets",
            )
            assert driver.app.demo and "open_round" not in driver.app.names()
        finally:
            driver.stop()


def test_a_seat_playing_a_colour_shows_it_and_the_lit_seat_stays_told_apart(tmp_path):
    """American roulette: yellow chips are the colour of a lit seat; the seat's colour is a
    band at its button's foot, so the chosen seat is still the one lit."""
    with screen_session(scratch_table("roulette_us1", tmp_path), (800, 480)) as driver:
        open_session(driver, lambda name: None)
        driver.app.post(ColourAssign(3, "yellow"))
        driver.app.post(ColourAssign(2, "blue"))
        driver.until(
            lambda: set(driver.app.screens.table.view.seat_colours()) == {2, 3}, "two colours"
        )
        driver.app.screens.table.seat = 3
        driver.frame()
        buttons = {t.name: t.rect for t in driver.app.targets}
        for seat, fill, band in ((3, kit.ACCENT, "yellow"), (2, kit.BUTTON, "blue")):
            rect = buttons[f"seat:{seat}"]
            assert driver.surface.get_at((rect.x + 6, rect.centery))[:3] == fill
            foot = (rect.centerx, rect.bottom - max(4, rect.h // 10) - 4)
            assert driver.surface.get_at(foot)[:3] == COLOUR_RGB[band]
        plain = buttons["seat:1"]
        assert driver.surface.get_at((plain.centerx, plain.bottom - 8))[:3] == kit.BUTTON


def test_a_visitor_bets_by_hand_at_the_demo_while_the_time_left_is_counted_down(tmp_path):
    """`make sim`'s wheel leaves bets open a while (its `bets`): the demo's cloth takes a
    person's bets beside the simulated players', and the No more bets button says how long
    is left."""
    cfg = replace(
        local_table("roulette_fr", tmp_path, "sim://wheel?spin=0.2&bets=60"), device_timeout=90
    )
    sink = ScreenSink()
    with assemble(cfg, quiet(sim=True, seed=3, sinks=(sink,))) as table:
        driver = Driver(table, sink, (800, 480)).start()
        try:
            driver.until(lambda: driver.model.state.round_status == "open", "bets open")
            button = driver.until(
                lambda: next((t for t in driver.app.targets if t.name == "no_more_bets"), None),
                "the no more bets button",
            )
            assert button.label.startswith("No hi va més en ") and button.label.endswith(" s")
            assert 50 <= int(button.label.split()[-2]) <= 60
            assert driver.app.demo and "cloth" in driver.app.names()
            driver.app.screens.table.tap_code("straight:17")
            driver.until(
                lambda: any(b["code"] == "straight:17" for b in driver.model.current.bets),
                "the visitor's bet on 17",
            )
        finally:
            driver.stop()


def test_frames_go_on_while_the_journal_is_held_and_show_nothing_before_it_is_written(
    tmp_path,
):
    with screen_session(scratch_table("roulette_fr", tmp_path), (800, 480)) as driver:
        bets_open(driver)
        journal = driver.table.journal
        held, commit = threading.Event(), journal.commit

        def slow_commit(events):
            held.wait(30)  # an SD card stalled
            return commit(events)

        journal.commit = slow_commit
        try:
            driver.press("seat:1")
            driver.app.screens.table.tap_code("red")
            before = driver.frames
            for _ in range(30):
                driver.frame()
            assert driver.frames == before + 30
            assert not driver.model.current.bets  # placed, but not yet written: not shown
        finally:
            held.set()
            journal.commit = commit
        driver.until(lambda: driver.model.current.bets, "the bet once written")


@pytest.mark.parametrize("size", [(1920, 1080), (720, 1280)])
def test_a_session_plays_at_the_other_displays(tmp_path, size):
    with screen_session(scratch_table("roulette_fr", tmp_path), size) as driver:
        play_wheel_session(driver)
        assert not driver.small, f"targets under a finger's {kit.MIN_TARGET} px: {driver.small}"
        assert not driver.overlapping, f"targets over one another: {driver.overlapping}"


def test_the_screens_command_renders_every_screen_of_a_session(tmp_path):
    done = cli("screens", "--game", "roulette_us1", "--out", str(tmp_path), "--lang", "en")
    assert done.returncode == 0, done.stderr
    pictures = sorted(tmp_path.glob("roulette_us1-*.png"))
    assert len(pictures) == 22  # with the colour chips of American roulette
    assert all(pygame.image.load(str(p)).get_size() == (800, 480) for p in pictures)
    assert "22 screens of roulette_us1" in done.stdout


def test_the_real_ui_loop_runs_a_simulated_table_to_its_end(tmp_path):
    from terminal.screens.run import run_with_screen

    cfg = local_table("boule", tmp_path, "sim://wheel?spin=0")
    sink = ScreenSink()
    with assemble(cfg, quiet(sim=True, seed=5, sinks=(sink,))) as table:
        settled = run_with_screen(table, sink, Display((800, 480)), rounds=4, language="en")
    assert settled == 4


def test_the_no_more_bets_button_works_beside_the_screen(tmp_path):
    cfg = replace(scratch_table("roulette_fr", tmp_path), gpio="sim://gpio?closed=door")
    with screen_session(cfg, (800, 480)) as driver:
        bets_open(driver)
        driver.table.io.press("no_more_bets")  # the croupier's pedal, not the screen
        driver.until(lambda: driver.model.state.round_status == "closed", "no more bets")
        driver.until(lambda: driver.showing("enter_outcome"), "the outcome asked for")
