"""The casino's carrousel pool (`dealer-terminal carrousel serve`) and a table's client of it:
a ROUTER over ZeroMQ whose every movement is committed to its SQLite store before the reply
(terminal/runtime/loop/carrousel.py says what the pool does for a table)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import sqlalchemy as sa

from games.game import Jackpot
from games.records import Bet, PoolMovement
from terminal.common.storage import durable_sqlite_engine
from terminal.contract.events import canonical, utc_ts
from terminal.feed.router import Refused, RouterClient, RouterServer
from terminal.runtime.loop.carrousel import CarrouselUnavailable, casino_jackpot


class CarrouselStoreError(Exception):
    """The pool's store cannot be used as it must (a filesystem without WAL, say)."""


# -- the casino's pool -------------------------------------------------------------------------

_metadata = sa.MetaData()
_movements = sa.Table(
    "movements",
    _metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("table_id", sa.Text, nullable=False),
    sa.Column("round", sa.Integer, nullable=False),
    sa.Column("kind", sa.Text, nullable=False),  # "settle" or "cancel"
    sa.Column("body", sa.Text, nullable=False),  # the PoolMovement as JSON
    sa.Column("pool_after", sa.Integer, nullable=False),
    sa.Column("ts", sa.Text, nullable=False),
    sa.UniqueConstraint("table_id", "round", "kind"),
)


class PoolServer(RouterServer):
    """The casino's pool, answering tables on `endpoint`, its movements in SQLite at `db`
    (WAL, synchronous FULL: a movement answered survives a power cut). `start()` serves on a
    thread of its own, `run()` in the caller's; `request_stop()` (a signal handler may call it)
    makes either return, `stop()` also closes."""

    def __init__(
        self, endpoint: str, db: str | Path, *, start: int = 0, jackpot: Jackpot | None = None
    ):
        self.jackpot = jackpot or casino_jackpot()  # the arithmetic of the game it serves
        self.engine = durable_sqlite_engine(
            sa.URL.create("sqlite", database=str(db)),
            f"the carrousel pool's store {db}",
            CarrouselStoreError,
        )
        try:
            _metadata.create_all(self.engine)
            super().__init__(endpoint, "carrousel pool ROUTER socket")
        except Exception:
            self.engine.dispose()
            raise
        self.start_pool = start

    @property
    def pool(self) -> int:
        with self.engine.connect() as conn:
            last = conn.execute(
                sa.select(_movements.c.pool_after).order_by(_movements.c.id.desc()).limit(1)
            ).scalar()
        return self.start_pool if last is None else last

    def replies(self, request: dict) -> Iterator[bytes]:
        try:
            answer = self.answer(request)
        except Refused:
            raise
        except (ValueError, KeyError, TypeError) as exc:
            raise Refused(f"bad request: {exc!r}") from None
        yield canonical(answer)

    def stop(self) -> None:
        super().stop()
        self.engine.dispose()

    def answer(self, request: dict[str, Any]) -> dict[str, Any]:
        """The answer to one table's request; Refused for an op that is not one of these."""
        op = request.get("op")
        if op == "pool":
            return {"op": "pool", "pool": self.pool}
        if op not in ("settle", "cancel"):
            raise Refused(f"unknown op {op!r} (settle, cancel, pool)")
        table, round_no = str(request["table"]), int(request["round"])
        with self.engine.begin() as conn:  # one movement at a time, committed before the reply
            done = conn.execute(
                sa.select(_movements.c.body).where(
                    _movements.c.table_id == table,
                    _movements.c.round == round_no,
                    _movements.c.kind == op,
                )
            ).scalar()
            if done is not None:  # asked again (a lost reply): the same answer
                return {"op": op + "d", **json.loads(done)}
            pool = conn.execute(
                sa.select(_movements.c.pool_after).order_by(_movements.c.id.desc()).limit(1)
            ).scalar()
            pool = self.start_pool if pool is None else pool
            if op == "settle":
                coins = [
                    (Bet(c["id"], c["seat"], c["code"], c["stake"]), c["hand"])
                    for c in request["coins"]
                ]
                movement = self.jackpot(
                    pool, coins, Fraction(request["share"]), int(request["chip_unit"])
                ).to_json()
            else:  # cancel
                settled = conn.execute(
                    sa.select(_movements.c.body).where(
                        _movements.c.table_id == table,
                        _movements.c.round == round_no,
                        _movements.c.kind == "settle",
                    )
                ).scalar()
                undo = json.loads(settled) if settled else {"coins": 0, "paid_out": 0}
                after = pool - undo["coins"] + undo["paid_out"]
                movement = {
                    "pool_before": pool,
                    "coins": -undo["coins"],
                    "paid_out": -undo["paid_out"],
                    "pool_after": after,
                }
            conn.execute(
                _movements.insert().values(
                    table_id=table,
                    round=round_no,
                    kind=op,
                    body=json.dumps(movement),
                    pool_after=movement["pool_after"],
                    ts=utc_ts(),
                )
            )
        return {"op": op + "d", **movement}


class PoolClient:
    """A table's way to the casino's pool at `endpoint`; every call waits up to `timeout` s."""

    def __init__(self, endpoint: str, *, timeout: float = 2.0):
        self.endpoint, self.timeout = endpoint, timeout
        self._link = RouterClient(endpoint, "the carrousel pool", timeout=timeout)

    def settle(
        self,
        table: str,
        round_no: int,
        coins: list[tuple[Bet, str]],
        share: Fraction,
        chip_unit: int,
    ) -> PoolMovement:
        reply = self._ask(
            {
                "op": "settle",
                "table": table,
                "round": round_no,
                "share": str(share),
                "chip_unit": chip_unit,
                "coins": [
                    {"id": b.id, "seat": b.seat, "code": b.code, "stake": b.stake, "hand": hand}
                    for b, hand in coins
                ],
            }
        )
        return PoolMovement(
            reply["pool_before"], reply["coins"], reply["paid_out"], reply["pool_after"]
        )

    def cancel(self, table: str, round_no: int) -> None:
        self._ask({"op": "cancel", "table": table, "round": round_no})

    def close(self) -> None:
        self._link.close()

    def _ask(self, request: dict[str, Any]) -> dict[str, Any]:
        """One request, answered; a new socket on a timeout (the pool may have restarted)."""
        try:
            return self._link.ask(request)
        except ConnectionError as exc:
            raise CarrouselUnavailable(str(exc)) from None
        except Refused as exc:
            raise CarrouselUnavailable(f"the carrousel pool refused: {exc}") from None
