"""The screens draw headless: SDL's dummy video driver, onto plain surfaces."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
