"""The exit codes of `dealer-terminal`, and the account of them its help gives."""

from __future__ import annotations

# One account for every command (docs/running.md; the README's "Exit codes"): 1 a failure at
# run time or a check that fails; 2 a wrong use (its arguments, a file that is no journal, a
# table that runs) or a device that cannot be opened, which may come back; 78 (EX_CONFIG) a
# configuration error, which the unit never restarts: a restart cannot fix a file.
EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_CONFIG = 0, 1, 2, 78
EXIT_CODES = (
    "exit codes: 0 done; 1 a failure at run time (journal, feed) or a check that fails; 2 a "
    "wrong use (arguments, a file that is no journal, a table that runs) or a device that "
    "cannot be opened; 78 a configuration error (a table, rulebook, staff or floor file: the "
    "message names the file, the key and what to fix)"
)
