"""The table loop: the table, what its parts see of it, its closing, state, float and devices'
inbox."""
