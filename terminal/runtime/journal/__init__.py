"""The journal: the SQLite store and its writer, the one-terminal lock, the audit."""
