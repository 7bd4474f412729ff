"""The coin toss's rules and engine, as a game's package under games/ holds them."""
