"""Why an entry is refused, said so that a screen can say it in the croupier's language.

A `Reason` is the English text that the journal, the logs and the console carry (every refusal
is a `str`, as it always was), which also knows its key and the fields it was made from. Each
module that refuses keeps its own texts in a plain table, `WHY`, beside its code, and makes its
refusals from it (or from the table of the module whose refusal it gives, `banking.WHY`):

    WHY = {"stake_below_min": "{stake} is below the table minimum of {min}"}
    ...
    return reason(WHY, "stake_below_min", stake=money(stake), min=money(limits.min))

Nothing is registered when a module is imported: which refusals there are is written out in
one place, the screens' catalogue (terminal/screens/texts/refusals.py), which lists the shared
tables (this package's stakes, the table runtime's parts) and takes each game's from its
description (`Game.reasons`, through games/registry.py), all made one by `merged`, for which a
key two tables define is a programming error. The catalogue holds the same keys in Catalan and
Spanish and takes the English from the tables, so each text is written once; a test checks that
every key is there in every language with the same fields, and that every module with a `WHY`
is in the list.

Fields are texts or whole numbers, already as they are shown (amounts through `money`), so a
journaled refusal (`why`: {"key", "fields"}) is said again the same in any language (`remade`,
given the tables). A refusal that says why of an entry in a few words of its own ("seat 3
assign: gold is taken") takes the refusal it wraps as a field, itself a `Reason`: its why is
journaled as that field's value.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def merged(*tables: Mapping[str, str]) -> dict[str, str]:
    """The refusals of every table in one, key -> English text: a table given twice (two games'
    descriptions naming their one engine's) counts once; ValueError for a key two tables
    define, a programming error."""
    every: dict[str, str] = {}
    seen: set[int] = set()
    for table in tables:
        if id(table) in seen:
            continue
        seen.add(id(table))
        for key, text in table.items():
            if key in every:
                raise ValueError(f"the refusal {key!r} is defined twice")
            every[key] = text
    return every


class Reason(str):
    """A refusal's English text, with the `key` and `fields` it was made from: `texts[key]`, its
    owner's table's, filled with the fields."""

    key: str
    fields: Mapping[str, str | int]
    english: str  # its owner's text, fields in braces

    def __new__(cls, texts: Mapping[str, str], key: str, /, **fields: str | int) -> Reason:
        english = texts[key]
        text = super().__new__(cls, english.format(**fields))
        text.key, text.fields, text.english = key, dict(fields), english
        return text

    def why(self) -> dict[str, Any]:
        """As a refusal's event journals it beside its text: a field that is a refusal of its
        own (a `Reason`) as its why."""
        fields = {
            name: value.why() if isinstance(value, Reason) else value
            for name, value in self.fields.items()
        }
        return {"key": self.key, "fields": fields}

    def __reduce__(self) -> tuple[Any, ...]:
        """Copied and pickled as the refusal it is (a str's would remake it from its text)."""
        return _again, (self.english, self.key, dict(self.fields))


def _again(english: str, key: str, fields: dict[str, str | int]) -> Reason:
    return Reason({key: english}, key, **fields)


def reason(texts: Mapping[str, str], key: str, /, **fields: str | int) -> Reason:
    """The refusal `key` of the table `texts` (a module's `WHY`), made of `fields`."""
    return Reason(texts, key, **fields)


def reason_of(error: BaseException) -> str:
    """The refusal an error was raised with: its `Reason` (its why kept), else its text."""
    said = error.args[0] if len(error.args) == 1 else None
    return said if isinstance(said, Reason) else str(error)


def remade(text: str, why: Any, texts: Mapping[str, str]) -> str:
    """A journaled refusal `text` made a `Reason` again from its journaled `why`, when `texts`
    (every refusal this terminal knows, `merged`) has its key (and those of the refusals it
    wraps) and says it the same; else `text` as it is."""
    said = _remade(why, texts)
    return said if said is not None and said == text else text


def _remade(why: Any, texts: Mapping[str, str]) -> Reason | None:
    if not isinstance(why, Mapping) or why.get("key") not in texts:
        return None
    fields = why.get("fields")
    if not isinstance(fields, Mapping):
        return None
    made: dict[str, str | int] = {}
    for name, value in fields.items():
        if isinstance(value, Mapping):
            value = _remade(value, texts)
        if not isinstance(name, str) or not isinstance(value, (str, int)):
            return None
        made[name] = value
    try:
        return Reason(texts, why["key"], **made)
    except (KeyError, IndexError, ValueError):
        return None


def why_of(text: str) -> dict[str, Any]:
    """The `why` a refusal's event journals: the key and fields of a `Reason`, nothing for a
    text without one (then the screens show the text as it is)."""
    return {"why": text.why()} if isinstance(text, Reason) else {}
