"""A finger's taps as the croupier's window gets them: a second tap on the same place within
DOUBLE_TAP is the same tap, and a confirmation never puts its buttons where the tap that asked
for it landed (issue 21, 3)."""

from __future__ import annotations

import pygame

from terminal.screens.app import DOUBLE_TAP
from terminal.screens.demo.scratch import scratch_table, screen_session
from terminal.screens.demo.script import open_session


class Clock:
    """The screen's monotonic clock, moved by the test."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def finger(driver, name: str, clock: Clock, after: float) -> None:
    """A finger's tap on the target `name` `after` seconds after the tap before it."""
    clock.now += after
    target = next(t for t in driver.app.targets if t.name == name)
    x, y = target.rect.center
    w, h = driver.app.size
    driver.app.handle([pygame.event.Event(pygame.FINGERDOWN, x=x / w, y=y / h, finger_id=0)])
    driver.frame()


def posts(driver) -> list:
    """What the screen posts to the table from now on (each entry of the croupier's)."""
    posted: list = []
    table_post = driver.app.table.post
    driver.app.table.post = lambda entry: posted.append(entry) or table_post(entry)
    return posted


def test_two_taps_on_the_call_for_bets_open_the_round_and_leave_its_bets_open(tmp_path):
    with screen_session(scratch_table("roulette_fr", tmp_path), (800, 480)) as driver:
        open_session(driver, lambda name: None)
        clock = driver.app.clock = Clock()
        driver.until(lambda: driver.showing("open_round"), "the call for bets")
        where = next(t for t in driver.app.targets if t.name == "open_round").rect.center
        finger(driver, "open_round", clock, 0)
        driver.until(lambda: driver.model.state.round_status == "open", "bets open")
        # "No hi va més" now sits where "Facin joc" was: the bounce 150 ms on is not taken
        assert next(t for t in driver.app.targets if t.name == "no_more_bets").rect.collidepoint(
            where
        )
        posted = posts(driver)
        finger(driver, "no_more_bets", clock, 0.15)
        assert posted == []
        finger(driver, "no_more_bets", clock, DOUBLE_TAP + 0.1)  # a tap meant, later
        assert len(posted) == 1
        driver.until(lambda: driver.model.state.round_status == "closed", "no more bets")


def test_a_second_tap_on_a_number_does_not_settle_it_without_its_confirmation(tmp_path):
    with screen_session(scratch_table("roulette_fr", tmp_path), (800, 480)) as driver:
        open_session(driver, lambda name: None)
        clock = driver.app.clock = Clock()
        driver.press("open_round")
        driver.until(lambda: driver.model.state.round_status == "open", "bets open")
        driver.press("no_more_bets")
        driver.until(lambda: driver.showing("enter_outcome"), "the number asked for")
        driver.press("enter_outcome")
        cell = next(t for t in driver.app.targets if t.name == "pocket:31").rect
        posted = posts(driver)
        finger(driver, "pocket:31", clock, 0)
        assert driver.showing("confirm")
        for name in ("confirm", "cancel"):  # never where the number's cell was
            button = next(t for t in driver.app.targets if t.name == name).rect
            assert not button.inflate(20, 20).colliderect(cell), name
        w, h = driver.app.size
        clock.now += 0.2  # the finger again on 31, as a croupier in a hurry does
        driver.app.handle(
            [pygame.event.Event(pygame.FINGERDOWN, x=cell.centerx / w, y=cell.centery / h)]
        )
        driver.frame()
        assert driver.showing("confirm") and posted == []
        finger(driver, "confirm", clock, DOUBLE_TAP + 0.1)
        driver.until(lambda: driver.model.state.rounds_settled == 1, "31 settled, confirmed")
        assert driver.model.last_result.result["outcome"]["number"] == 31


def test_a_digit_pad_takes_the_same_key_twice_for_a_hundred(tmp_path):
    with screen_session(scratch_table("roulette_fr", tmp_path), (800, 480)) as driver:
        open_session(driver, lambda name: None)
        clock = driver.app.clock = Clock()
        driver.press("menu", "change_limits")
        for digit in "100":  # a minimum of 100.00: the two 0s, 100 ms apart, are two 0s
            finger(driver, digit, clock, 0.1)
        finger(driver, "ok", clock, 0.3)
        driver.until(lambda: driver.model.state.limit_change, "the change journaled")
        assert driver.model.state.limit_change["min"] == 10000
