"""The texts of the players' display (terminal/screens/players.py): key -> (Catalan, Spanish,
English)."""

TEXTS: dict[str, tuple[str, str, str]] = {
    # what every table shows (Valencian art. 38.2, Andorran regulation likewise)
    "players_table": ("TAULA {table}", "MESA {table}", "TABLE {table}"),
    "players_limits": (
        "Mínim {min} · Màxim {max}",
        "Mínimo {min} · Máximo {max}",
        "Minimum {min} · Maximum {max}",
    ),
    "players_advance": (
        "Bestreta inicial {amount}",
        "Anticipo inicial {amount}",
        "Opening float {amount}",
    ),
    "players_maxima": ("Màxims:", "Máximos:", "Maxima:"),
    # the statistics of the session
    "players_no_results": ("Encara cap resultat", "Aún ningún resultado", "No results yet"),
    "players_rounds": ("{n} jugades", "{n} jugadas", "{n} spins"),
    "players_one_round": ("1 jugada", "1 jugada", "1 spin"),
    "players_hot": ("CALENTS", "CALIENTES", "HOT"),
    "players_cold": ("FREDS", "FRÍOS", "COLD"),
    "players_column": ("Col. {n}", "Col. {n}", "Col. {n}"),
}
