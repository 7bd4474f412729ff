"""What the pit knows of one table, folded from its stored events, and the alerts those events
raise: a device fault (not a routine void: `TableView.routine_void`), a failed self-test, the
rotor turning the same way twice, the float running low, the wheel's results failing the
chi-squared test, a pace outside the band.

The fold is the pit's own, smaller than the table's `TableState`: the pit shows a session and
its float, not the layout or the shoe. The float's arithmetic is the table's (games/ledger.py).
A circle table has no float (no advance, so no float alert): the pit shows its bank, as its
game's own fold has it (`Fold.to_json`, the replay server's state), and its cagnotte.
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any, ClassVar

from games.bias import OutcomeTally
from games.game import Fold, SpinGame, handlers
from games.ledger import float_net, void_net
from games.money import money
from games.registry import GAMES
from games.rulebook import RulebookError, load_rules
from terminal.common.settings import config_dir
from terminal.contract.kinds import refusal
from terminal.contract.selftest import failed_checks, summary
from terminal.pit.floorfile import AlertSettings

log = logging.getLogger(__name__)

RECENT = 12  # results shown per table
BIAS_EVERY = 37  # results between two chi-squared tests of a wheel
MIN_PACE_SPAN_S = 60.0  # below this much of a session, no rounds-per-hour figure


@dataclass(frozen=True)
class Raised:
    """An alert a table's events call for."""

    kind: str
    detail: str


def epoch(ts: str) -> float:
    """Seconds since the epoch of an event's `ts` (`YYYY-MM-DDTHH:MM:SS.mmmZ`)."""
    return datetime.fromisoformat(ts.replace("Z", "+00:00")).timestamp()


def result_text(game: str | None, outcome: dict[str, Any]) -> str:
    """A result of `game` in a few characters, as the game writes it (`17`, `3-4`, `P3 B8`);
    `?` for a game this pit does not know or an outcome it cannot read."""
    known = GAMES.get(game or "")
    try:
        return known.result_text(outcome) if known is not None else "?"
    except (KeyError, TypeError, ValueError):
        return "?"


def bias_verdict(bias: dict[str, Any] | None) -> tuple[str, str]:
    """The `bias` of a table's detail (`BiasReport.to_json`) in one line, and its state: "none"
    (no test for this game), "never" (`bias_spins` below what the test needs), "short" (not
    enough results yet), "flagged" or "clear"."""
    if bias is None:
        return "no wheel-bias statistics for this table", "none"
    if bias["window"] < bias["needed"]:
        return (
            f"wheel bias never tested: bias_spins {bias['window']} is below the {bias['needed']} "
            "results this game's test needs; raise bias_spins in the floor file"
        ), "never"
    if not bias["valid"]:
        return (
            f"wheel bias: not enough results yet ({bias['spins']} of the {bias['needed']} "
            "the test needs)",
            "short",
        )
    state = "flagged" if bias["flagged"] else "clear"
    return (
        f"wheel bias over {bias['spins']} results: chi-squared {bias['statistic']:.2f}, "
        f"dof {bias['dof']}, p-value {bias['p_value']:.4g} (alpha {bias['alpha']:g}): "
        f"{'FLAGGED' if state == 'flagged' else 'not flagged'}"
    ), state


def _bias_tally(game: str, profile: str, spins: int) -> OutcomeTally | None:
    """A tally of the results of a wheel or the dice; None for card games."""
    if game not in GAMES or not GAMES[game].tallied:
        return None
    try:
        rules = load_rules(config_dir() / "rulebooks", profile, game)
    except RulebookError:
        return None  # a profile this pit does not have: no bias test, the rest goes on
    return OutcomeTally.for_rules(rules, spins)


class TableView:
    """One table as the board shows it. `apply` takes each stored event in order and returns
    the alerts it raises; `quiet=True` while the view is rebuilt from the store at start-up
    (those alerts were raised when the events first came): then the bias window is not fed
    either, `restore_tally` fills it at once from the results stored.

    `HANDLERS` names the kinds the view folds, each with its handler (`_on_...`, taking the
    event and its data, returning the alerts raised or None): checked when the module loads
    (`handlers`, games/game.py), every kind a kind of the contract, every handler there and
    every `_on_...` named."""

    HANDLERS: ClassVar[dict[str, str]] = {
        "table.open": "_on_table_open",
        "table.close": "_on_table_close",
        "table.limits": "_on_table_limits",
        "float.advance": "_on_float_advance",
        "cash.buyin": "_on_cash_buyin",
        "round.open": "_on_round_open",
        "round.closed": "_on_round_closed",
        "round.void": "_on_round_void",
        "round.result": "_on_round_result",
        "round.correction": "_on_round_correction",
        "fault": "_on_fault",
        "fault.cleared": "_on_fault_cleared",
        "selftest.report": "_on_selftest_report",
        "cagnotte": "_on_cagnotte",
    }

    def __init__(
        self,
        table: str,
        settings: AlertSettings,
        *,
        tally: Callable[[str, str, int], OutcomeTally | None] = _bias_tally,
    ):
        self.table, self.settings = table, settings
        self._make_tally = tally
        self.game: str | None = None
        self.profile: str | None = None
        self.session: str | None = None
        self.croupier: str | None = None
        self.limits: dict | None = None
        self.round: dict[str, Any] = {"number": None, "status": None, "last_rounds_left": None}
        self.recent: deque[str] = deque(maxlen=RECENT)
        # the console's line of the last event of the game's own kinds (monte's layout, the
        # craps shooter), what the table's tile says of the game in play
        self.game_line: str | None = None
        self.results_at: deque[float] = deque()  # epoch seconds of the results in the pace window
        self.opened_at: float | None = None
        self.initial_advance = self.advances = self.tray = self.house_net = 0
        self.faults: dict[str, dict] = {}
        self.last_seq = 0
        self.last_rotor: str | None = None
        self.tally: OutcomeTally | None = None
        self._untested = 0  # results the tally has counted since its last test
        # the session's results by seq: their float net as it stands (a correction replaces
        # it), and the seq of the last one with whether the bias window counted it
        self._nets: dict[int, int] = {}
        self._last_result: tuple[int, bool] | None = None
        self._float_low = False  # the tray is below the threshold (alerted once per dip)
        self._pace_alerted = False
        self.cagnotte: int | None = None  # a circle table's, this session (None: not one)
        self._own: Fold | None = None  # a circle table's game's own fold: its bank

    # -- the fold

    def apply(self, event: dict[str, Any], quiet: bool = False) -> list[Raised]:
        self.last_seq = event["seq"]
        self.game = event.get("game") or self.game
        data = event.get("data") or {}
        handler = _HANDLERS.get(event["kind"])
        raised = (handler(self, event, data) if handler else None) or []
        self._game_event(event["kind"], data)
        self._fold_own(event, data)
        if event["kind"] == "round.result":
            counted = (
                not quiet and self.tally is not None and self.tally.add(data.get("outcome") or {})
            )
            self._last_result = (event["seq"], counted)
            if counted:
                raised += self._tested()
        return [] if quiet else raised

    def _game_event(self, kind: str, data: dict[str, Any]) -> None:
        known = GAMES.get(self.game or "")
        own = None if known is None else known.kinds.get(kind)
        if own is not None and own.line is not None:
            try:
                self.game_line = own.line(data)
            except (KeyError, TypeError, ValueError):
                self.game_line = None

    def _fold_own(self, event: dict[str, Any], data: dict[str, Any]) -> None:
        """A circle table's game's fold takes the event; one the fold cannot take (a journal
        the pit holds only in part) leaves the tile without a bank, never the pit stopped."""
        if self._own is None:
            return
        try:
            self._own.apply(event["kind"], event.get("round"), data, event.get("seq"))
        except (AssertionError, KeyError, TypeError, ValueError) as e:
            log.warning(
                "table %s: its bank cannot be followed from seq %s: %s", self.table, event["seq"], e
            )
            self._own = None

    def _on_cagnotte(self, event, data) -> None:
        self.cagnotte = data.get("session_total")

    def _on_table_open(self, event, data) -> None:
        known = GAMES.get(self.game or "")
        if known is not None and known.bank == "circle":
            self.cagnotte, self._own = 0, known.fold()
        else:
            self.cagnotte, self._own = None, None
        self.session, self.croupier, self.limits = "open", data.get("croupier"), data.get("limits")
        if data.get("profile") != self.profile or self.tally is None:
            self.profile = data.get("profile")
            self._new_tally()
        self.opened_at = epoch(event["ts"])
        self.results_at.clear()
        self.initial_advance = self.advances = self.tray = self.house_net = 0
        self._float_low = self._pace_alerted = False
        self._nets, self._last_result = {}, None

    def _on_table_close(self, event, data) -> None:
        self.session = "closed"
        self.round = {"number": self.round["number"], "status": None, "last_rounds_left": None}

    def _on_table_limits(self, event, data) -> None:
        self.limits = data.get("new", self.limits)

    def _on_float_advance(self, event, data) -> list[Raised]:
        if not self.advances:
            self.initial_advance = data["amount"]
        self.advances += data["amount"]
        return self._move_tray(data["amount"])

    def _on_cash_buyin(self, event, data) -> list[Raised]:
        return self._move_tray(-data["chips"])

    def _on_round_open(self, event, data) -> None:
        self.round = {
            "number": event["round"],
            "status": "open",
            "last_rounds_left": data.get("last_rounds_left"),
        }

    def _on_round_closed(self, event, data) -> None:
        self.round = {**self.round, "status": "closed"}

    def _on_round_void(self, event, data) -> list[Raised]:
        self.round = {**self.round, "status": None}
        net = void_net(data)
        self.house_net += net
        # a void spin turns the other way from the last that stood, as its respin does: the spins
        # alternate from the last settled (`TableState.last_rotor`)
        return self._move_tray(net) + self._rotor(data.get("rotor"), event["round"], stood=False)

    def _on_round_result(self, event, data) -> list[Raised]:
        self.round = {**self.round, "status": None}
        outcome = data.get("outcome") or {}
        self.recent.append(result_text(self.game, outcome))
        self.results_at.append(epoch(event["ts"]))
        net = self._nets[event["seq"]] = float_net(data)
        self.house_net += net
        return self._move_tray(net) + self._rotor(outcome.get("rotor"), event["round"])

    def _on_round_correction(self, event, data) -> list[Raised]:
        """The money of the result it names replaced by the correction's; the last result's
        outcome too (in the recent results and the bias window)."""
        corrects = data.get("corrects")
        replaced = self._nets.get(corrects) if isinstance(corrects, int) else None
        if replaced is None:  # a result of no session the pit holds: nothing of it to replace
            log.warning(
                "table %s: round.correction seq %s names no result of the session (seq %r)",
                self.table,
                event["seq"],
                corrects,
            )
            return []
        net = self._nets[corrects] = float_net(data)
        self.house_net += net - replaced
        outcome = data.get("outcome") or {}
        if self._last_result is not None and self._last_result[0] == corrects:
            if self.recent:
                self.recent[-1] = result_text(self.game, outcome)
            if self._last_result[1] and self.tally is not None:
                self._last_result = (corrects, self.tally.replace_last(outcome))
        return self._move_tray(net - replaced)

    def _on_fault(self, event, data) -> list[Raised]:
        if self.routine_void(data):
            return []  # journaled, stored, followed; the round.void after it says the rest
        self.faults[f"{data.get('device')}/{data.get('code')}"] = data
        return [
            Raised(
                "fault",
                f"{data.get('severity')} {data.get('device')} {data.get('code')}: "
                f"{data.get('detail')}",
            )
        ]

    def routine_void(self, fault: dict[str, Any]) -> bool:
        """Whether a `fault` is one of the routine voids of the table's game (`Game.
        routine_voids`: at craps, a void throw, whether the reader or the stickman reported
        it): a fault of the game's round device with such a code. It raises no alert and
        does not stand among the table's faults: a red tile is for what the pit boss must act
        on. Any other fault of the device (a misread, a sensor stuck, a reader restarted)
        still does."""
        game = GAMES.get(self.game or "")
        return (
            game is not None
            and fault.get("device") == game.device
            and fault.get("code") in game.routine_voids
        )

    def _on_fault_cleared(self, event, data) -> None:
        self.faults.pop(f"{data.get('device')}/{data.get('code')}", None)

    def _on_selftest_report(self, event, data) -> list[Raised]:
        """A self-test that failed (`dealer-terminal selftest`, or the technician's screen):
        its failed checks in the alert's detail. A pass raises nothing."""
        if data.get("ok") is not False and not failed_checks(data):
            return []
        by = f" (run by {data['by']})" if isinstance(data.get("by"), str) else ""
        return [Raised("selftest", f"{summary(data)}{by}")]

    def restore_tally(self, outcomes) -> None:
        """The bias test's window again, from the results stored (oldest first)."""
        if self.game is not None and self.profile is not None:
            self._new_tally()
        if self.tally is not None:
            for outcome in outcomes:
                self.tally.add(outcome)

    def _new_tally(self) -> None:
        """An empty bias window for the table's game and profile, next tested after BIAS_EVERY
        results (counted, not the window's size: a full window keeps its size)."""
        self.tally = (
            self._make_tally(self.game, self.profile, self.settings.bias_spins)
            if self.game is not None and self.profile  # no game: _bias_tally has no test either
            else None
        )
        self._untested = 0
        if self.tally is not None and self.tally.window < self.tally.needed:
            log.warning(
                "table %s (%s): bias_spins %d is below the %d results the bias test of this game "
                "needs: it is never tested; raise bias_spins in the floor file",
                self.table,
                self.game,
                self.tally.window,
                self.tally.needed,
            )

    # -- the checks

    def _move_tray(self, amount: int) -> list[Raised]:
        self.tray += amount
        threshold = self.settings.float_low * self.initial_advance
        low = self.session == "open" and self.initial_advance > 0 and self.tray < threshold
        raised = low and not self._float_low
        self._float_low = low
        if not raised:
            return []
        return [
            Raised(
                "float_low",
                f"the tray holds {money(self.tray)}, below {self.settings.float_low:.0%} "
                f"of the advance {money(self.initial_advance)}",
            )
        ]

    def _rotor(self, direction: str | None, round_no: int, *, stood: bool = True) -> list[Raised]:
        """A spin's rotor against the last that stood; a spin that stood (not void) is the next
        one's previous."""
        game = GAMES.get(self.game or "")
        if direction is None or not isinstance(game, SpinGame) or not game.alternating_rotor:
            return []
        previous = self.last_rotor
        if stood:
            self.last_rotor = direction
        if previous != direction:
            return []
        return [
            Raised(
                "direction",
                f"the rotor turned the same way in two spins running ({direction} "
                f"again in round {round_no}): it must alternate",
            )
        ]

    def _tested(self) -> list[Raised]:
        """A result counted into the bias window; the test every BIAS_EVERY results counted."""
        assert self.tally is not None  # a result was counted into it
        self._untested += 1
        if self._untested < BIAS_EVERY:
            return []
        self._untested = 0
        report = self.tally.report(self.settings.bias_alpha)
        if not report.flagged:
            return []
        worst = max(report.cells, key=lambda cell: abs(cell.z))
        return [
            Raised(
                "bias",
                f"the last {report.spins} results fail the chi-squared test "
                f"(chi2 {report.statistic:.1f}, dof {report.dof}, "
                f"p {report.p_value:.2g} < {report.alpha:g}); "
                f"most off: {worst.label} {worst.observed} for {worst.expected:.1f} expected",
            )
        ]

    def rounds_per_hour(self, now: float) -> float | None:
        """Results per hour over the pace window (or the session so far when shorter)."""
        if self.opened_at is None or self.session != "open":
            return None
        window = self.settings.pace_window
        while self.results_at and self.results_at[0] < now - window:
            self.results_at.popleft()
        span = min(window, now - self.opened_at)
        if span < min(MIN_PACE_SPAN_S, window):
            return None
        return len(self.results_at) * 3600.0 / span

    def check_pace(self, now: float) -> list[Raised]:
        """A pace alert once the session has run a whole window outside the band."""
        band = self.settings.pace
        rate = self.rounds_per_hour(now)
        if (
            band is None
            or rate is None
            or self.opened_at is None
            or now - self.opened_at < self.settings.pace_window
        ):
            return []
        outside = not band[0] <= rate <= band[1]
        raised = outside and not self._pace_alerted
        self._pace_alerted = outside
        if not raised:
            return []
        return [
            Raised(
                "pace",
                f"{rate:.0f} rounds per hour over the last {self.settings.pace_window:.0f} s, "
                f"outside {band[0]:g}-{band[1]:g}",
            )
        ]

    # -- the board's view

    def entry(self, now: float) -> dict[str, Any]:
        """The table's part of the floor snapshot (link, silence and alert counts are the
        collector's)."""
        return {
            "table": self.table,
            "game": self.game,
            "session": self.session,
            "croupier": self.croupier,
            "round": dict(self.round),
            "limits": self.limits,
            "recent": list(self.recent),
            "game_line": self.game_line,
            "rounds_per_hour": None
            if (rate := self.rounds_per_hour(now)) is None
            else round(rate, 1),
            "float": None
            if not self.advances
            else {"advance": self.advances, "tray": self.tray, "result": self.house_net},
            "faults": list(self.faults.values()),
            "last_seq": self.last_seq,
            "circle": None
            if self.cagnotte is None
            else {
                "bank": None if self._own is None else self._own.to_json().get("bank"),
                "cagnotte": self.cagnotte,
            },
        }


_HANDLERS = handlers(TableView, TableView.HANDLERS, prefix="_on_", refusal=refusal)
# the kinds a view folds: the others need not be read to rebuild one
FOLDED_KINDS = tuple(
    sorted(
        {
            *TableView.HANDLERS,
            *(k for g in GAMES.values() if g.bank == "circle" for k in g.fold().HANDLERS),
        }
    )
)
