"""The pit: the collector of every table's feed (`collector`), its store (`store`), the alerts
the tables' events call for (`view`), the control endpoint (`server`, `client`) and the board."""
