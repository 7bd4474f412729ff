"""A pit collector in the test process, for the tests that run one against tables on loopback."""

from __future__ import annotations

import json
import threading

from terminal.pit.client import PitClient
from terminal.pit.collector import Collector
from terminal.pit.floorfile import load_floor
from terminal.pit.server import PitServer
from terminal.pit.store import PitStore
from tests.support.helpers import wait_for  # noqa: F401  (the pit tests' wait, importable from here as before)

ANY = "tcp://127.0.0.1:*"


def floor_file(directory, tables, *, alerts="", extra=None):
    """A floor file listing `tables` (their live endpoints)."""
    lines = [f"[alerts]\n{alerts}\n"]
    for table in tables:
        feed, replay = table.source
        lines.append(
            f'[[table]]\nid = "{table.name}"\nfeed = "{feed}"\nreplay = "{replay}"\n'
            + ((extra or {}).get(table.name, ""))
        )
    path = directory / "floor.toml"
    path.write_text("\n".join(lines), encoding="utf-8")
    return path


class Pit:
    """A collector and its control server, running on threads of the test process; `serve`
    prepares the control server's socket (CURVE: then `client` cannot talk to it)."""

    def __init__(self, floor_path, db_url, *, replay_timeout=3.0, secure=None, serve=None):
        self.store = PitStore(db_url)
        self.collector = Collector(
            load_floor(floor_path),
            self.store,
            publish=ANY,
            replay_timeout=replay_timeout,
            secure=secure,
        )
        self.server = PitServer(ANY, self.collector, setup=serve)
        self.server.start()
        self.thread = threading.Thread(target=self.collector.run, daemon=True)
        self.thread.start()
        self.client = PitClient(self.server.endpoint)

    def stored(self, table):
        return [json.loads(body)["seq"] for body in self.store.events(table, 1)]

    def head(self, table):
        return self.store.heads().get(table, (0, None))[0]

    def link(self, table):
        """The table's link as the board shows it."""
        return next(t["link"] for t in self.client.floor()["tables"] if t["table"] == table)

    def alerts(self, kind=None, table=None):
        return [
            a
            for a in self.store.alerts(open_only=False)
            if (kind is None or a["kind"] == kind) and (table is None or a["table"] == table)
        ]

    def close(self):
        self.collector.stop()
        self.thread.join()
        self.server.stop()
        self.collector.close()
        self.client.close()
        self.store.close()
