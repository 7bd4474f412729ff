"""Why an entry is refused, said so that a screen can say it in the croupier's language.

A `Reason` is the English text that the journal, the logs and the console carry (every refusal
is a `str`, as it always was), which also knows its key in `REASONS` and the fields it was
made from. Each module that refuses defines its own texts once, beside its code:

    WHY = define({"stake_below_min": "{stake} is below the table minimum of {min}"})
    ...
    return reason("stake_below_min", stake=money(stake), min=money(limits.min))

The screens' catalogue (terminal/screens/texts/refusals.py) holds the same keys in Catalan and
Spanish and takes the English from here, so each text is written once; a test checks that every
key defined is there in every language with the same fields.

Fields are texts or whole numbers, already as they are shown (amounts through `money`), so a
journaled refusal (`why`: {"key", "fields"}) is said again the same in any language. A refusal
that says why of an entry in a few words of its own ("seat 3 assign: gold is taken") takes the
refusal it wraps as a field, itself a `Reason`: its why is journaled as that field's value.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

# key -> the English text, its fields in braces: every module's, as it is imported
REASONS: dict[str, str] = {}


def define(texts: Mapping[str, str]) -> Mapping[str, str]:
    """Add a module's refusal texts to REASONS; a key defined twice is a programming error."""
    for key, text in texts.items():
        if key in REASONS:
            raise ValueError(f"the refusal {key!r} is defined twice")
        REASONS[key] = text
    return texts


class Reason(str):
    """A refusal's English text, with the `key` and `fields` it was made from."""

    key: str
    fields: Mapping[str, str | int]

    def __new__(cls, key: str, **fields: str | int) -> Reason:
        text = super().__new__(cls, REASONS[key].format(**fields))
        text.key, text.fields = key, dict(fields)
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
        return _again, (self.key, dict(self.fields))


def _again(key: str, fields: dict[str, str | int]) -> Reason:
    return Reason(key, **fields)


def reason(key: str, **fields: str | int) -> Reason:
    return Reason(key, **fields)


def reason_of(error: BaseException) -> str:
    """The refusal an error was raised with: its `Reason` (its why kept), else its text."""
    said = error.args[0] if len(error.args) == 1 else None
    return said if isinstance(said, Reason) else str(error)


def remade(text: str, why: Any) -> str:
    """A journaled refusal `text` made a `Reason` again from its journaled `why`, when this
    terminal defines its key (and those of the refusals it wraps) and says it the same; else
    `text` as it is."""
    said = _remade(why)
    return said if said is not None and said == text else text


def _remade(why: Any) -> Reason | None:
    if not isinstance(why, Mapping) or why.get("key") not in REASONS:
        return None
    fields = why.get("fields")
    if not isinstance(fields, Mapping):
        return None
    made: dict[str, str | int] = {}
    for name, value in fields.items():
        if isinstance(value, Mapping):
            value = _remade(value)
        if not isinstance(name, str) or not isinstance(value, (str, int)):
            return None
        made[name] = value
    try:
        return Reason(why["key"], **made)
    except (KeyError, IndexError, ValueError):
        return None


def why_of(text: str) -> dict[str, Any]:
    """The `why` a refusal's event journals: the key and fields of a `Reason`, nothing for a
    text without one (then the screens show the text as it is)."""
    return {"why": text.why()} if isinstance(text, Reason) else {}
