"""A game that is not ours: a coin toss, written the way docs/adding-a-game.md says a game is
written, but in two folders of the tests (`game/`, `screens/`) and with a configuration folder
of its own (`config/`), so that no product file names it. tests/test_a_game_not_ours.py
registers it at run time and plays it (issue 22, point 6)."""
