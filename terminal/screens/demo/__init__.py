"""The croupier's screen played by script, with no display and no person: the driver that draws
frames and taps by name, the steps every game's scripted session shares (signing in, counting,
signing, closing) with the wheel games' whole session, each game's script by its id, and the
scratch table they play at (the game's example table, the screen's hand as its device,
demonstration staff). `dealer-terminal screens`, the tests and the screen's benchmark use them;
a game's own script is in its screen package (terminal/screens/games/<game>/)."""
