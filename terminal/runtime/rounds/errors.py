"""An error of a game's error table in the coup being dealt (games/errors.py), as the table takes
it on its thread: the inspector's PIN checked, the remedy tried on the coup as the journal has it
(a card to discard where none is dealt is refused), then `game.error` journaled with the rule,
the remedy, its effect, the coup's cards so far, who confirmed it and his note. What it then does
to the coup is the round's (rounds/coup.py): a void ends it, any other remedy is the coup's next
move (games/cards/fold.py), played again by the engine."""

from __future__ import annotations

from typing import Any

from games.errors import ErrorRule
from games.reasons import reason
from terminal.runtime.loop.entries import GameErrorCall, clip, text_problem
from terminal.runtime.loop.settle import coup_so_far

WHY = {
    "error_no_table": "{game} has no table of errors and remedies",
    "error_no_coup": "an error is entered while a coup is dealt, after no more bets",
    "error_unknown": "{code!r}: no error of {game}'s table ({codes})",
    "error_refused": "{code}: {reason}",
}


def error_problem(table: Any, entry: GameErrorCall) -> str | None:
    """Why `entry` cannot be taken now, or None."""
    game = table.game
    if not game.errors:
        return reason(WHY, "error_no_table", game=game.title)
    if table.state.round_status != "closed":
        return reason(WHY, "error_no_coup")
    if entry.code not in game.errors:
        codes = ", ".join(game.errors)
        return reason(WHY, "error_unknown", code=clip(entry.code), game=game.title, codes=codes)
    if entry.note and (problem := text_problem("the note", entry.note)) is not None:
        return problem
    if (refusal := table.session.check(entry.inspector, "inspector")) is not None:
        return refusal
    try:
        table.engine.remedied(coup_so_far(table.engine, table.state), entry.code, 0)
    except ValueError as refused:
        return reason(WHY, "error_refused", code=entry.code, reason=str(refused))
    return None


def journal_error(table: Any, entry: GameErrorCall) -> ErrorRule:
    """`game.error` journaled (its problems checked by `error_problem` first); its rule."""
    rule: ErrorRule = table.game.errors[entry.code]
    cards = [[place, card] for move, place, card in table.state.own.moves if move == "card"]
    data = {
        "code": rule.code,
        "rule": rule.rule,
        "remedy": rule.remedy,
        "effect": rule.effect,
        "cards": cards,
        "by": entry.inspector.person,
        "note": entry.note,
    }
    table.emit("game.error", data, table.state.round)
    return rule
