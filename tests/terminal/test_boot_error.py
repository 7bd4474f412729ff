"""A configuration error at boot: drawn full screen in large type, in the three languages, on a
real pygame surface (SDL's dummy driver) at each display; headless, said on stderr and exit 78,
which the unit does not restart. (Under systemd, with the screen: test_systemd_notify.py.)"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations
from pathlib import Path

import pygame
import pytest

from terminal.common.exit_codes import EXIT_CONFIG
from terminal.config import ConfigError, load_table_config
from terminal.screens import kit
from terminal.screens.boot_error import DEVICE, TITLES, WHAT_TO_DO, draw_boot_error
from tests.support.helpers import REPO, cli, edit_toml, write_config

SIZES = ((800, 480), (1920, 1080), (720, 1280))  # the 7-inch, HDMI, the Touch Display 2 upright


def squeezed(lines: Iterable[str]) -> str:
    """The text of `lines` without its spaces: as drawn, wrapped where it may be."""
    return "".join("".join(lines).split())


def error_of(path: Path) -> str:
    with pytest.raises(ConfigError) as raised:
        load_table_config(path)
    return str(raised.value)


def unparseable_wheel(tmp_path: Path) -> Path:
    return write_config(tmp_path, wheel="board:/dev/wheel-board?baud=fast")


def invalid_toml(tmp_path: Path) -> Path:
    path = tmp_path / "table.toml"
    path.write_text('[table]\nid = "RL-01\ngame = "roulette_fr"\n', encoding="utf-8")
    return path


def unknown_game(tmp_path: Path) -> Path:
    return edit_toml(write_config(tmp_path), lambda t: t["table"].update(game="pai_gow"))


def unreadable(tmp_path: Path) -> Path:
    (tmp_path / "table.toml").mkdir()  # even root cannot read a directory as a file
    return tmp_path / "table.toml"


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_the_error_is_drawn_whole_in_large_type_with_what_to_do(tmp_path, size):
    pygame.display.init()
    error = error_of(unparseable_wheel(tmp_path))
    surface = pygame.Surface(size)
    drawn = draw_boot_error(surface, error)
    pygame.image.save(surface, str(tmp_path / f"boot-error-{size[0]}x{size[1]}.png"))

    text = squeezed(line for line, _ in drawn)
    for said in (*TITLES, *WHAT_TO_DO, error):  # all of it, in order, nothing cut
        assert squeezed([said]) in text, said
    page = surface.get_rect()
    assert all(page.contains(rect) for _, rect in drawn)
    assert not [(a, b) for (a, ra), (b, rb) in combinations(drawn, 2) if ra.colliderect(rb)]
    shorter = min(size)
    heights = {line: rect.h for line, rect in drawn}
    assert all(heights[title] >= shorter * 0.08 for title in TITLES)  # large: a tenth, about
    assert min(heights.values()) >= shorter * 0.03  # nothing small
    # white on the alarm's red, amber for what to do, on near-black
    title = next(rect for line, rect in drawn if line == TITLES[0])
    band = [surface.get_at((x, y))[:3] for x in range(size[0]) for y in (2, title.centery)]
    assert band.count(kit.ALARM) > len(band) // 2 and kit.TEXT in band
    lowest = max((rect for _, rect in drawn), key=lambda rect: rect.bottom)  # what to do's
    row = [surface.get_at((x, lowest.centery))[:3] for x in range(size[0])]
    assert kit.BACKGROUND in row and any(p[0] > 200 and 150 < p[1] < 230 and p[2] < 90 for p in row)


def test_a_device_not_available_says_so_and_that_it_is_tried_again(tmp_path):
    pygame.display.init()
    error = "wheel board:///dev/wheel-board: no such port: plug the board in"
    drawn = draw_boot_error(pygame.Surface((800, 480)), error, DEVICE)
    text = squeezed(line for line, _ in drawn)
    for said in (*DEVICE.titles, *DEVICE.what_to_do, error):
        assert squeezed([said]) in text, said
    assert squeezed(TITLES[:1]) not in text  # no configuration error


def test_a_long_error_at_the_small_display_still_shows_whole(tmp_path):
    pygame.display.init()
    deep = tmp_path / ("configuration-of-the-table-by-the-entrance" * 3)
    deep.mkdir()
    error = error_of(invalid_toml(deep))
    assert len(error) > 200
    drawn = draw_boot_error(pygame.Surface((800, 480)), error)
    assert squeezed([error]) in squeezed(line for line, _ in drawn)  # its path broken


@pytest.mark.parametrize(
    "broken, says",
    [
        pytest.param(unparseable_wheel, "[devices] wheel: ", id="device URL"),
        pytest.param(invalid_toml, "not valid TOML", id="invalid TOML"),
        pytest.param(
            unknown_game,
            "[table] game 'pai_gow': the table does not play it",
            id="unknown game",
        ),
        pytest.param(unreadable, "cannot be read", id="unreadable"),
    ],
)
def test_headless_the_error_is_said_then_exit_78(tmp_path, broken, says):
    path = broken(tmp_path)
    done = cli("run", "--config", str(path), "--sim", "--headless")
    assert done.returncode == EXIT_CONFIG == 78, done.stderr
    first, hint = done.stderr.splitlines()[:2]
    assert first.startswith(f"dealer-terminal: {path}: ") and says in first
    assert "a configuration error: fix what it names, then restart the terminal" in hint
    assert "Traceback" not in done.stderr
    assert not (tmp_path / "journal.sqlite").exists()  # nothing opened


def test_an_unknown_game_on_the_command_line_too():
    done = cli("run", "--game", "nope", "--sim", "--headless")
    assert done.returncode == EXIT_CONFIG
    assert "dealer-terminal: unknown game 'nope'" in done.stderr


def test_the_unit_does_not_restart_a_configuration_error():
    unit = (REPO / "systemd" / "dealer-terminal.service").read_text().splitlines()
    assert f"RestartPreventExitStatus={EXIT_CONFIG}" in unit and "Restart=always" in unit
