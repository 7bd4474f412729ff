"""The display the screens draw on: a window on a laptop's desktop, the whole screen on a Pi's
console (KMS/DRM, no desktop), or none (`--headless`, or no display at all).

The screens draw on a logical surface in the orientation they are read in; a display mounted
the other way (the Touch Display 2 is a 720x1280 portrait panel, used in landscape) is turned
when each frame is shown, and taps are turned back (`Display.untransform`).
"""

from __future__ import annotations

import glob
import os
import sys

import pygame

SIZES = {"7inch": (800, 480), "touch2": (720, 1280), "hdmi": (1920, 1080)}


def has_display() -> bool:
    """Whether a screen can be opened here: a desktop session, or a Pi's console with a DRM
    device (SDL's kmsdrm driver), or a video driver chosen in SDL_VIDEODRIVER."""
    if os.environ.get("SDL_VIDEODRIVER"):
        return os.environ["SDL_VIDEODRIVER"] not in ("dummy", "offscreen")
    if os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"):
        return True
    if sys.platform in ("darwin", "win32"):
        return True
    return bool(glob.glob("/dev/dri/card*")) and _on_console()


def _on_console() -> bool:
    try:
        return os.ttyname(0).startswith("/dev/tty") and not os.ttyname(0).startswith("/dev/ttyS")
    except OSError:
        return False


class Display:
    """The window or the console's screen; `surface` is the logical surface the screens draw
    on, `show()` puts it on the display, turned by `rotation` degrees clockwise."""

    def __init__(
        self,
        size: tuple[int, int] | None = None,
        *,
        rotation: int = 0,
        title: str = "dealer-terminal",
        fullscreen: bool | None = None,
    ):
        if rotation % 90:
            raise ValueError(f"rotation must be 0, 90, 180 or 270, not {rotation}")
        if (
            not os.environ.get("SDL_VIDEODRIVER")
            and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
            and sys.platform.startswith("linux")
        ):
            os.environ["SDL_VIDEODRIVER"] = "kmsdrm"  # a Pi's console: no desktop
        pygame.display.init()
        pygame.font.init()
        self.rotation = rotation % 360
        console = pygame.display.get_driver() == "kmsdrm"
        fullscreen = console if fullscreen is None else fullscreen
        if size is None:
            info = pygame.display.Info()
            size = (info.current_w, info.current_h) if fullscreen else SIZES["7inch"]
        flags = pygame.FULLSCREEN if fullscreen else 0
        if pygame.display.get_driver() == "x11":
            # the window's frames through X's shared memory, as the screens draw them (in
            # software), not through a GL texture: SDL's default there, which on a desktop with
            # no GPU (mesa's llvmpipe) maps LLVM and its buffers, 100 MB resident
            # (benchmarks/bench_window.py). The console's kmsdrm needs its GL; it keeps it.
            os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
        self.window = pygame.display.set_mode(size, flags)
        pygame.display.set_caption(title)
        physical = self.window.get_size()
        self.size = physical[::-1] if self.rotation in (90, 270) else physical
        self.surface = self.window if not self.rotation else pygame.Surface(self.size).convert()

    def show(self) -> None:
        if self.rotation:
            self.window.blit(pygame.transform.rotate(self.surface, -self.rotation), (0, 0))
        pygame.display.flip()

    def untransform(self, pos: tuple[int, int]) -> tuple[int, int]:
        """A point on the display as a point of the logical surface."""
        x, y = pos
        w, h = self.size
        if self.rotation == 90:
            return (y, h - 1 - x)
        if self.rotation == 180:
            return (w - 1 - x, h - 1 - y)
        if self.rotation == 270:
            return (w - 1 - y, x)
        return (x, y)

    @property
    def physical_size(self) -> tuple[int, int]:
        return self.window.get_size()

    def close(self) -> None:
        pygame.display.quit()
