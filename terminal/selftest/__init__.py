"""The self-test (docs/technician.md): the checks of a table's devices (devices.py) and of the
machine it runs on (host.py), the wheel's own records (wheel_records.py) and the guided wheel
test (guided.py), gathered in a report (report.py). `dealer-terminal selftest` runs them at a
stopped table (command.py); the technician's screen runs them on a running table's own devices
(table.py)."""
