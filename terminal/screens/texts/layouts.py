"""The screens' texts of the layouts part: key -> (Catalan, Spanish, English)."""

TEXTS: dict[str, tuple[str, str, str]] = {
    # the cloths (terminal/screens/cloths): the even chances, roulette's and boule's
    "cloth_low": ("FALTA", "FALTA", "LOW"),
    "cloth_high": ("PASSA", "PASA", "HIGH"),
    "cloth_even": ("PARELL", "PAR", "EVEN"),
    "cloth_odd": ("IMPARELL", "IMPAR", "ODD"),
    # roulette's column and dozen boxes
    "cloth_column": ("2 a 1", "2 a 1", "2 to 1"),
    "cloth_dozen_1": ("1a 12", "1ª 12", "1st 12"),
    "cloth_dozen_2": ("2a 12", "2ª 12", "2nd 12"),
    "cloth_dozen_3": ("3a 12", "3ª 12", "3rd 12"),
    # the wheel of fortune's fields: how many segments bear the symbol, the jokers' names
    "cloth_segments": ("{n} caselles", "{n} casillas", "{n} segments"),
    "cloth_segment": ("1 casella", "1 casilla", "1 segment"),
    "cloth_joker": ("COMODÍ {n}", "COMODÍN {n}", "JOKER {n}"),
}
