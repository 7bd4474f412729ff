"""The croupier's calls spoken through the Pi's audio (docs/speech.md): every call a table can
make rendered ahead of time to WAV files (`calls`, `render`, `dealer-terminal speech render`),
and a journal sink that plays each committed call in the table's language (`speaker`).

Off by default (`[speech] enabled = false`); nothing here is on the table's path but a sink that
never blocks."""
