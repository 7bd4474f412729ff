"""Simulation: the simulated players, `dealer-terminal simulate`, `dealer-terminal rules`."""
