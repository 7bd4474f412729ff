"""The screens' texts of the players part: key -> (Catalan, Spanish, English)."""

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
    # the bet families of the limits ("sorts")
    "players_family_straight": ("Ple", "Pleno", "Straight"),
    "players_family_split": ("Cavall", "Caballo", "Split"),
    "players_family_street": ("Transversal", "Transversal", "Street"),
    "players_family_corner": ("Quadre", "Cuadro", "Corner"),
    "players_family_sixline": ("Sisena", "Seisena", "Six line"),
    "players_family_column": ("Columna", "Columna", "Column"),
    "players_family_dozen": ("Dotzena", "Docena", "Dozen"),
    "players_family_columns": ("Dues columnes", "Dos columnas", "Two columns"),
    "players_family_dozens": ("Dues dotzenes", "Dos docenas", "Two dozens"),
    "players_family_chances": ("Sorts senzilles", "Suertes sencillas", "Even chances"),
    "players_family_number": ("Número", "Número", "Number"),
    "players_family_sym": ("Símbol", "Símbolo", "Symbol"),
    "players_family_joker": ("Jòquer", "Comodín", "Joker"),
    # the statistics of the session
    "players_no_results": ("Encara cap resultat", "Aún ningún resultado", "No results yet"),
    "players_rounds": ("{n} jugades", "{n} jugadas", "{n} spins"),
    "players_one_round": ("1 jugada", "1 jugada", "1 spin"),
    "players_hot": ("CALENTS", "CALIENTES", "HOT"),
    "players_cold": ("FREDS", "FRÍOS", "COLD"),
    "players_share_red": ("Roig", "Rojo", "Red"),
    "players_share_black": ("Negre", "Negro", "Black"),
    "players_share_even": ("Parell", "Par", "Even"),
    "players_share_odd": ("Imparell", "Impar", "Odd"),
    "players_share_low": ("Falta", "Falta", "Low"),
    "players_share_high": ("Passa", "Pasa", "High"),
    "players_column": ("Col. {n}", "Col. {n}", "Col. {n}"),
}
