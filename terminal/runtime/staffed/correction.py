"""Dealer error correction (docs/rulings.md, "At the croupier's screen"): the last round's
outcome, entered or sensed wrong, corrected before the next round opens, with the pit boss's
authority. It is a `round.correction`, never an edit: the round settled again by the same
`settle` as the table's (terminal/runtime/loop/settle.py), from the table as it stood just before
the result it replaces (`TableState.before_result`), with the corrected outcome. Its data is a
result's (`bets`, `settlement`, `totals`, `last_round` as the original's, the game's own
fields) with `corrects`, `reason`, `by`, `was` (the outcome it replaces) and `adjustment` (the
money to move now); every fold takes it in place of the result (docs/events.md).

A card game's coup is corrected card by card: the correction gives the coup's cards as they
truly lay, in the order dealt (`{"cards": ["9H", "KD", ...]}`), and the engine deals the coup
again with them from the table as it stood before the result, each place deciding as the
journal says it decided (games.cards.coup.redeal). The correction journals the coup so dealt
(`moves`), which the shoe's fold counts in place of the cards journaled first. A decision the
new cards would have changed is a dispute for the books, as any earlier round is.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from games.cards.cards import FRENCH, check_card, deck_kind
from games.cards.coup import Move, redeal
from games.cards.fold import ShoeFold
from games.cards.shoe import Shoe, ShoeFault
from games.entries import clip, text_problem
from games.game import COUP, CoupGame, Game
from games.registry import game as game_of
from terminal.runtime.loop.settle import Settled, settle
from terminal.runtime.loop.state import TableState

if TYPE_CHECKING:
    from terminal.runtime.loop.context import SessionTable

BY_HAND = ("source", "entered_by")  # what an outcome entered by hand says of itself
SOURCES = ("manual", "sensor")
BOOKS = "any earlier round is a dispute for the books, not a correction at the table"
CARDS = "cards"  # a coup's correction: its cards in the order dealt


def _same(a: Any, b: Any) -> bool:
    """Equal as the journal writes them (JSON's true is no 1, a tuple is a list)."""
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def corrects_seq(result_event: Mapping[str, Any]) -> int:
    """The seq of the `round.result` whose money `result_event` stands for: its own, or the one
    a correction names."""
    if result_event["kind"] == "round.correction":
        return result_event["data"]["corrects"]
    return result_event["seq"]


def standing_problem(state: TableState) -> str | None:
    """Why the table's last round cannot be corrected now, whatever the outcome, or None."""
    if not state.session_open:
        return "no session is open: nothing to correct at the table"
    if state.round_status is not None:
        return f"round {state.round} is in play (the next round opened): {BOOKS}"
    last = state.last_result
    if last is None:
        if state.rounds_settled == 0:
            return "no round has been settled yet in this session: nothing to correct"
        return f"the session's count is done: {BOOKS}"
    if last["round"] != state.round:
        return f"round {state.round} opened after round {last['round']} was settled: {BOOKS}"
    if state.before_result is None:
        return (
            "this table does not keep its state from before a result (keep_before_result): "
            "a correction could not be folded"
        )
    return state.own.correction_problem()


def corrected_outcome(rules: Any, entered: Any) -> dict[str, Any]:
    """The outcome the croupier entered, as one of the game's outcomes (`rules.outcomes()`: a
    spin's or a roll's), with what it says of itself (`source`, `entered_by`); ValueError saying
    what is wrong with it. A part of an outcome that names one alone is enough: the wheel of
    fortune's `segment` names its `symbol` too."""
    if not isinstance(entered, Mapping):
        raise ValueError(f"the outcome must be the game's outcome, not {clip(entered)!r}")
    drawn = [dict(outcome) for outcome, _ in rules.outcomes()]
    keys = {key for outcome in drawn for key in outcome}
    for key in entered:
        if key not in keys and key not in BY_HAND:
            raise ValueError(
                f"no outcome of this game has {clip(key)!r} (it has {', '.join(sorted(keys))})"
            )
    given = {key: value for key, value in entered.items() if key in keys}
    if not given:
        raise ValueError(f"the outcome names no result (give {' or '.join(sorted(keys))})")
    found = [o for o in drawn if all(_same(o.get(k), v) for k, v in given.items())]
    if len(found) != 1:
        shown = ", ".join(f"{k} {clip(v)!r}" for k, v in given.items())
        raise ValueError(
            f"no outcome of this game is {shown}"
            if not found
            else f"{shown} names {len(found)} outcomes: say which"
        )
    return {**found[0], **_by_hand(entered)}


def _by_hand(entered: Mapping[str, Any]) -> dict[str, Any]:
    """What an entered outcome says of itself (`source`, `entered_by`), checked."""
    if "source" in entered and entered["source"] not in SOURCES:
        raise ValueError(
            f"the outcome's source is manual or sensor, not {clip(entered['source'])!r}"
        )
    if "entered_by" in entered and (problem := text_problem("entered_by", entered["entered_by"])):
        raise ValueError(problem)
    return {key: entered[key] for key in BY_HAND if key in entered}


def coup_cards(entered: Any, deck: str = FRENCH) -> list[str]:
    """The cards a coup's correction gives (`{"cards": [...]}`, with what it says of itself:
    `source`, `entered_by`), each a card of the deck kind `deck` (its shoe's); ValueError
    saying what is wrong with them."""
    shape = 'the coup\'s cards in the order dealt: {"cards": ["9H", "KD", ...]}'
    if not isinstance(entered, Mapping):
        raise ValueError(f"a coup is corrected with {shape}, not {clip(entered)!r}")
    for key in entered:
        if key != CARDS and key not in BY_HAND:
            raise ValueError(f"a coup is corrected with {shape}, not {clip(key)!r}")
    cards = entered.get(CARDS)
    if cards == []:
        raise ValueError(f"no cards given: a coup is corrected with {shape}")
    if not isinstance(cards, list):
        raise ValueError(f"a coup is corrected with {shape}, not {clip(cards)!r}")
    for n, card in enumerate(cards, 1):
        try:
            check_card(card, deck)
        except ValueError:
            raise ValueError(
                f"card {n} {clip(card)!r} is not a card ({deck_kind(deck).what()})"
            ) from None
    _by_hand(entered)
    return list(cards)


def journaled_entry(game: Game, data: Mapping[str, Any]) -> dict[str, Any]:
    """What a journaled correction's `data` was entered as: its outcome, or a coup's cards (in
    the order of its `moves`) with what its outcome says of itself; KeyError, TypeError or
    ValueError for data that holds no such thing."""
    outcome = data["outcome"]
    if game.kind != COUP:
        return dict(outcome)
    moves = data["moves"]
    if not isinstance(moves, list):
        raise TypeError(f"a coup's correction journals its moves as a list, not {clip(moves)!r}")
    cards = [move[2] for move in moves if move[0] == "card"]
    return {CARDS: cards, **{key: outcome[key] for key in BY_HAND if key in outcome}}


def _standing(before: TableState, result_event: Mapping[str, Any]) -> list[Move]:
    """The coup's moves as the money that stands has it: its correction's, else as dealt."""
    if result_event["kind"] == "round.correction":
        return [(str(m), str(p), str(v)) for m, p, v in result_event["data"]["moves"]]
    return list(_shoe_fold(before).moves)


def _shoe_fold(state: TableState) -> ShoeFold:
    own = state.own
    assert isinstance(own, ShoeFold), "a coup's game folds its shoe"
    return own


def _shoe_of(state: TableState) -> Shoe:
    shoe = _shoe_fold(state).shoe
    assert shoe is not None, "a coup was dealt from a shoe"
    return shoe


def _cards_of(moves: list[Move]) -> list[str]:
    return [value for move, _, value in moves if move == "card"]


def _shoe_gives(shoe: Shoe, standing: list[Move], cards: list[str]) -> None:
    """ValueError unless the shoe, the coup's standing cards put back, can have given `cards`."""
    for card in _cards_of(standing):
        shoe = shoe.put_back(card)
    if len(cards) > shoe.left:
        raise ValueError(f"{len(cards)} cards given: the shoe held {shoe.left}")
    try:
        for card in cards:
            shoe = shoe.draw(card)
    except ShoeFault as fault:
        raise ValueError(f"the shoe cannot have given these cards: {fault.reason}") from None


def _coup_corrected(
    game: Game,
    engine,
    before: TableState,
    result_event: Mapping[str, Any],
    entered: Mapping[str, Any],
    now: TableState,
) -> tuple[Settled, dict[str, Any], tuple[Move, ...]]:
    """The coup dealt again from `before` with the entered cards, each place's decisions as
    journaled, and settled; the outcome as the correction journals it (the engine's, with what
    the entry says of itself) and the coup's moves. `now` is the table as it stands (its shoe:
    what came out of it since the result counts). ValueError saying why it cannot be."""
    assert isinstance(game, CoupGame)
    shoe = _shoe_of(now)
    cards = coup_cards(entered, shoe.deck)
    _shoe_gives(shoe, _standing(before, result_event), cards)
    own = _shoe_fold(before)
    coup, moves = redeal(engine, own.engine_state(), before.round_bets, own.moves, cards)
    replaced = result_event["data"]
    result = engine.settle(coup, last_round=replaced.get("last_round", False))
    settled = Settled.of(result, **game.result_extra(result))
    for key, value in settled.extra.items():  # poker's carrousel: the casino's pool paid it
        if not _same(value, replaced.get(key)):
            raise ValueError(
                f"the coup's {key} was settled with the casino's pool, and these cards "
                "change it: a dispute for the books"
            )
    return settled, {**settled.outcome, **_by_hand(entered)}, moves


def _corrected(
    game: Game, engine, before: TableState, result_event: Mapping[str, Any], outcome: Mapping
) -> tuple[Settled, dict[str, Any]]:
    """The round settled again with `outcome`, and the outcome as the correction journals it:
    the engine's, what the table noted of the spin with the original (the rotor), and what the
    entry says of itself."""
    replaced = result_event["data"]
    settled = settle(
        game, engine, before, dict(outcome), last_round=replaced.get("last_round", False)
    )
    noted = {
        key: value
        for key, value in replaced["outcome"].items()
        if key not in settled.outcome and key not in BY_HAND
    }
    by_hand = {key: outcome[key] for key in BY_HAND if key in outcome}
    return settled, {**settled.outcome, **noted, **by_hand}


def adjustment(replaced: Mapping[str, Any], settlement: list[dict[str, Any]]) -> list[dict]:
    """Per bet whose money or result changes: what to hand over now (`paid`, `returned`: the
    corrected minus the replaced, negative when money is taken back), its `result` and what it
    `was`. A bet staying in prison or on the layout moves no money, but a prisoner that is lost
    instead, or one released, changes result."""
    old = {entry["id"]: entry for entry in replaced["settlement"]}
    moves = []
    for entry in settlement:
        was = old.pop(entry["id"], None) or {"paid": 0, "returned": 0, "result": None}
        paid, returned = entry["paid"] - was["paid"], entry["returned"] - was["returned"]
        if paid or returned or entry["result"] != was["result"]:
            moves.append(
                {
                    "id": entry["id"],
                    "paid": paid,
                    "returned": returned,
                    "result": entry["result"],
                    "was": was["result"],
                }
            )
    for entry in old.values():  # a bet the corrected round does not settle (none should be)
        moves.append(
            {
                "id": entry["id"],
                "paid": -entry["paid"],
                "returned": -entry["returned"],
                "result": None,
                "was": entry["result"],
            }
        )
    return moves


def correction_data(
    game: Game,
    engine,
    before: TableState,
    result_event: Mapping[str, Any],
    outcome: Mapping[str, Any],
    reason: str,
    by: str,
    *,
    now: TableState | None = None,
) -> dict[str, Any]:
    """The data of the `round.correction` of `result_event` (the round's `round.result`, or the
    correction of it that stands) with `outcome` (a coup's: its cards, `coup_cards`): settled
    from `before` (the table as it was just before that result) as the table settles,
    `last_round` as the original's; `adjustment` against the money that stands. `now` is the
    table as it stands (by default `before`): a coup's cards must be in its shoe. ValueError
    when the rules refuse to settle it."""
    if game.kind == COUP:
        settled, journaled, moves = _coup_corrected(
            game, engine, before, result_event, outcome, now or before
        )
        return _coup_data(settled, journaled, moves, result_event, reason, by)
    settled, journaled = _corrected(game, engine, before, result_event, outcome)
    return _data(settled, journaled, result_event, reason, by)


def _coup_data(
    settled: Settled,
    outcome: dict[str, Any],
    moves: tuple[Move, ...],
    result_event: Mapping[str, Any],
    reason: str,
    by: str,
) -> dict[str, Any]:
    """A coup's correction's data: a correction's, and the coup as dealt now (`moves`: each
    `["card", place, card]` and `["decision", place, action]` in order)."""
    return {
        **_data(settled, outcome, result_event, reason, by),
        "moves": [list(move) for move in moves],
    }


def _data(
    settled: Settled,
    outcome: dict[str, Any],
    result_event: Mapping[str, Any],
    reason: str,
    by: str,
) -> dict[str, Any]:
    replaced = result_event["data"]
    data = settled.data(last_round=replaced.get("last_round", False))
    return {
        "corrects": corrects_seq(result_event),
        "reason": reason,
        "by": by,
        "was": replaced["outcome"],
        **data,
        "outcome": outcome,
        "adjustment": adjustment(replaced, data["settlement"]),
    }


def correction_refusal(state: TableState, outcome: Any, *, engine, rules) -> str | None:
    """Why the last round of `state` cannot be corrected to `outcome` now, or None: no round
    to correct (none settled in this session, the next one opened, the session counted), an
    outcome that is none of the game's, the one journaled, or one the rules refuse to settle
    the round with; at a card game, cards the shoe cannot have given or the coup cannot take
    (too few, too many, a misdeal), or a journaled decision they no longer fit."""
    game = game_of(state.game)
    if (problem := standing_problem(state)) is not None:
        return problem
    last = state.last_result
    assert last is not None and state.before_result is not None  # standing_problem saw to it
    if game.kind == COUP:
        return _coup_refusal(game, state, outcome, engine)
    try:
        corrected = corrected_outcome(rules, outcome)
    except ValueError as e:
        return str(e)
    journaled = last["data"]["outcome"]
    if all(
        _same(journaled.get(key), value) for key, value in corrected.items() if key not in BY_HAND
    ):
        return (
            f"round {last['round']} stands at {game.result_text(journaled)} as journaled: "
            "nothing to correct"
        )
    try:
        _corrected(game, engine, state.before_result, last, corrected)
    except ValueError as e:  # an outcome the rules cannot settle this round with
        return f"the rules refuse to settle round {last['round']} with it: {e}"
    return None


def _coup_refusal(game: Game, state: TableState, entered: Any, engine) -> str | None:
    last, before = state.last_result, state.before_result
    assert last is not None and before is not None
    try:
        cards = coup_cards(entered, _shoe_of(state).deck)
    except ValueError as e:
        return str(e)
    if cards == _cards_of(_standing(before, last)):
        return (
            f"round {last['round']}'s cards are the ones journaled "
            f"({game.result_text(last['data']['outcome'])}): nothing to correct"
        )
    try:
        _coup_corrected(game, engine, before, last, entered, state)
    except ValueError as e:  # the shoe, the deal or the rules refuse these cards
        return f"round {last['round']} cannot be dealt with these cards: {e}"
    return None


def correct(table: SessionTable, outcome: Any, reason: str, by: str) -> str | None:
    """On the table's thread, between rounds: the last round corrected to `outcome` for
    `reason`, authorised by `by` (the PIN checked by the caller). Journals the
    `round.correction` of that round, then the croupier announces the corrected result, and
    the simulated players are handed its adjustment. None, or why not (nothing journaled)."""
    state = table.state
    if problem := text_problem("the reason", reason) or text_problem("who authorised it", by):
        return problem
    refusal = correction_refusal(state, outcome, engine=table.engine, rules=table.rules)
    if refusal is not None:
        return refusal
    last, before = state.last_result, state.before_result
    assert last is not None and before is not None  # correction_refusal saw to it
    if table.game.kind == COUP:
        settled, journaled, moves = _coup_corrected(
            table.game, table.engine, before, last, outcome, state
        )
        data = _coup_data(settled, journaled, moves, last, reason, by)
    else:
        corrected = corrected_outcome(table.rules, outcome)
        settled, journaled = _corrected(table.game, table.engine, before, last, corrected)
        data = _data(settled, journaled, last, reason, by)
    round_no = last["round"]
    event = table.emit("round.correction", data, round_no)
    table.float.after_correction(event, corrects_seq(last))
    table.announce(settled.announcement, round_no)
    if table.players is not None:
        table.players.adjust(_seats(settled, last["data"]), data["adjustment"])
    return None


def _seats(settled: Settled, replaced: Mapping[str, Any]) -> dict[str, int]:
    """Each bet's seat, by id: the corrected round's bets and the replaced one's."""
    seats = {bet["id"]: bet["seat"] for bet in replaced["bets"]}
    seats.update({bet.id: bet.seat for bet in settled.bets})
    return seats
