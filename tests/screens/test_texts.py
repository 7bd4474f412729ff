"""Every text the screens show is in the one catalogue, in Catalan, Spanish and English."""

from __future__ import annotations

import re
from pathlib import Path

from terminal.runtime.session import SIGNERS
from terminal.runtime.staff import ROLES
from terminal.screens.croupier.table import INSIDE
from terminal.screens.texts import CATALOGUE, LANGUAGES, Texts

SCREENS = Path(__file__).resolve().parents[2] / "terminal" / "screens"
# a key named in code: t("key"), texts("key"), app.texts("key"), self.app.texts("key", ...)
NAMED = re.compile(r"""\b(?:t|texts)\(\s*["']([a-z0-9_:\-]+)["']""")


def test_every_key_the_screens_name_is_in_every_language():
    named = {
        key
        for path in SCREENS.rglob("*.py")
        if "texts" not in path.parts
        for key in NAMED.findall(path.read_text(encoding="utf-8"))
        if not key.endswith("_")  # a key's beginning, completed in code (below)
    }
    assert len(named) > 50
    missing = sorted(named - set(CATALOGUE))
    assert not missing, f"named in the screens' code, not in the catalogue: {missing}"
    for key, texts in CATALOGUE.items():
        assert len(texts) == len(LANGUAGES) and all(t.strip() for t in texts), key


def test_the_keys_made_from_roles_and_signed_events_are_there():
    for role in ROLES:
        assert all(Texts(language)(f"role_{role}") for language in LANGUAGES)
    for what in SIGNERS:
        assert Texts("es")(f"signed_{what}")
    for family in INSIDE:  # the bet picker's buttons
        assert Texts("en")(f"payouts_family_{family}")
