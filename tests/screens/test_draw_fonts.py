"""The text primitives' fonts outlive a pygame.quit() (the pit board's end), whoever starts the
font module again after it (a Display does): the screens drawn next in the same process draw."""

from __future__ import annotations

import pygame

from terminal.common import draw


def test_a_font_made_before_pygame_quit_is_made_again_after_it():
    before = draw.font(20)
    pygame.quit()
    pygame.font.init()  # as a Display starts it, before any text is drawn
    after = draw.font(20)
    assert after is not before and after.get_linesize() > 0
    assert draw.fit("0123456789", 20, 1000) == "0123456789"
