"""Emulators of real devices, speaking their wire protocols over pseudo-terminals: what tests
and demos open instead of the hardware."""
