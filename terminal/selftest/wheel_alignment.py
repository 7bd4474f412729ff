"""The alignment of a wheel's log with the journal's rounds: the pairing that says which game
of one side is which of the other, and which each side lacks.

A game both have scores +2 and a game (a win, a result) one side lacks -1; a misfire the
journal has no void for, and a void round the log has nothing for, cost nothing (a misfire the
wheel got over voids no round, and most voids leave nothing in the log); a logged misfire beside
the void of a failed launch, or a logged win beside a round the table voided (the terminal
restarted during it, the link was lost), pair up. Gaps at either end cost nothing. Long logs are
cut at runs of games both sides have in the same order, and aligned between them.
"""

from __future__ import annotations

from collections.abc import Sequence

from terminal.selftest.wheel_games import MISFIRE, RESULT, VOID, WIN, JournalGame, LogGame

MATCH, PAIR_MISFIRE, PAIR_VOID, GAP = 2.0, 1.0, 0.5, -1.0
ANCHOR = 8  # games in a row both sides have, in the same order, that cut a long alignment
ANCHOR_HITS = 16  # the places a run of ANCHOR numbers is looked for (a log of repeats: no more)
FULL_CELLS = 250_000  # alignments this size are done in one piece
MAX_CELLS = 4_000_000  # a piece larger than this is not aligned: its games are left unpaired


def _pair(w: LogGame, j: JournalGame) -> float | None:
    if w.kind == WIN and j.kind == RESULT and w.number in (j.number, j.corrected):
        return MATCH
    if w.kind == MISFIRE and j.kind == VOID and j.misfire:
        return PAIR_MISFIRE
    if w.kind == WIN and j.kind == VOID and not j.misfire:
        return PAIR_VOID
    return None


def _gap_log(w: LogGame) -> float:
    return GAP if w.kind == WIN else 0.0


def _gap_journal(j: JournalGame) -> float:
    return GAP if j.kind == RESULT else 0.0


Pairs = list[tuple[int | None, int | None]]  # (log index, journal index) in order


def _alone(log_range: range, journal_range: range) -> Pairs:
    return [(i, None) for i in log_range] + [(None, j) for j in journal_range]


def _align_piece(
    log: Sequence[LogGame], journal: Sequence[JournalGame], free_start: bool, free_end: bool
) -> Pairs:
    """The best alignment of two pieces: pairs, and each game left alone with None beside it.
    `free_start`/`free_end`: the games before the first pair (after the last) cost nothing."""
    n, m = len(log), len(journal)
    if n == 0 or m == 0 or n * m > MAX_CELLS:
        return _alone(range(n), range(m))
    gap_w = [_gap_log(w) for w in log]
    gap_j = [_gap_journal(j) for j in journal]
    # one row of scores at a time (log[:i] against journal[:j]), every row of moves:
    # 1 a pair, 2 a log game alone, 3 a journal game alone
    previous = [0.0] * (m + 1)
    if not free_start:
        for j in range(m):
            previous[j + 1] = previous[j] + gap_j[j]
    moves = [bytearray([3]) * (m + 1)]
    best_end, end_at = previous[m], (0, m)  # the best cell of the last column, then row
    for i in range(1, n + 1):
        w, gw = log[i - 1], gap_w[i - 1]
        row = [0.0 if free_start else previous[0] + gw] + [0.0] * m
        move = bytearray(m + 1)
        move[0] = 2
        for j in range(1, m + 1):
            best, how = previous[j] + gw, 2
            left = row[j - 1] + gap_j[j - 1]
            if left > best:
                best, how = left, 3
            pair = _pair(w, journal[j - 1])
            if pair is not None and previous[j - 1] + pair > best:  # a tie: no chance pair
                best, how = previous[j - 1] + pair, 1
            row[j], move[j] = best, how
        moves.append(move)
        previous = row
        if row[m] > best_end:
            best_end, end_at = row[m], (i, m)
    if free_end:
        for j in range(m + 1):
            if previous[j] > best_end:
                best_end, end_at = previous[j], (n, j)
        i, j = end_at
    else:
        i, j = n, m
    tail = _alone(range(i, n), range(j, m))
    pairs: Pairs = []
    while i > 0 or j > 0:
        how = moves[i][j] if i > 0 and j > 0 else (2 if i > 0 else 3)
        if how == 1:
            i, j = i - 1, j - 1
            pairs.append((i, j))
        elif how == 2:
            i -= 1
            pairs.append((i, None))
        else:
            j -= 1
            pairs.append((None, j))
    return pairs[::-1] + tail


def _anchors(log: Sequence[LogGame], journal: Sequence[JournalGame]) -> list[list[tuple[int, int]]]:
    """Runs of ANCHOR or more wins and results with the same numbers in the same order,
    chained in order on both sides: each run as its (log index, journal index) pairs."""
    wins = [k for k, g in enumerate(log) if g.kind == WIN]
    results = [k for k, g in enumerate(journal) if g.kind == RESULT]
    win_numbers = [log[k].number for k in wins]
    result_numbers = [journal[k].number for k in results]
    index: dict[tuple[int | None, ...], list[int]] = {}
    for b in range(len(results) - ANCHOR + 1):
        index.setdefault(tuple(result_numbers[b : b + ANCHOR]), []).append(b)
    runs: dict[tuple[int, int], int] = {}  # (start in wins, start in results) -> length
    open_runs: dict[int, tuple[int, int]] = {}  # diagonal -> the start of its run
    for a in range(len(wins) - ANCHOR + 1):
        hits = index.get(tuple(win_numbers[a : a + ANCHOR]), [])
        still: dict[int, tuple[int, int]] = {}
        for b in hits[:ANCHOR_HITS]:
            start = open_runs.get(b - a, (a, b))
            runs[start] = a - start[0] + ANCHOR
            still[b - a] = start
        open_runs = still
    chain = _chain(sorted((a, b, length) for (a, b), length in runs.items()))
    return [[(wins[a + t], results[b + t]) for t in range(length)] for a, b, length in chain]


def _chain(runs: list[tuple[int, int, int]]) -> list[tuple[int, int, int]]:
    """The runs in order on both sides covering the most games; a run that overlaps the one
    before it in the chain (a chance repeat at its edge) is cut to start after it."""
    if not runs:
        return []
    best: list[tuple[int, int, int]] = []  # per run: (games up to it, the run before, its cut)
    for k, (a, b, length) in enumerate(runs):
        choice = (length, -1, 0)
        for p in range(k):
            pa, pb, plength = runs[p]
            if pa >= a or pb >= b:
                continue
            cut = max(pa + plength - a, pb + plength - b, 0)
            if cut < length and best[p][0] + length - cut > choice[0]:
                choice = (best[p][0] + length - cut, p, cut)
        best.append(choice)
    k = max(range(len(runs)), key=lambda q: best[q][0])
    chain = []
    while k >= 0:
        (a, b, length), (_, previous, cut) = runs[k], best[k]
        chain.append((a + cut, b + cut, length - cut))
        k = previous
    return chain[::-1]


def align(log: Sequence[LogGame], journal: Sequence[JournalGame]) -> tuple[Pairs, bool]:
    """The whole alignment, and whether a piece was too large to align. A small one in one
    piece; a long one cut at the anchors, the pieces between them aligned one by one."""
    if len(log) * len(journal) <= FULL_CELLS:
        return _align_piece(log, journal, True, True), False
    anchors = [pair for run in _anchors(log, journal) for pair in run]
    pairs: Pairs = []
    too_large = False
    i = j = 0
    for k, (a, b) in enumerate(anchors):
        if k == 0:  # before the log's first shared game: its older results need no aligning
            j = max(0, b - 2 * a - 64)
            pairs += _alone(range(0), range(j))
        piece, large = _piece(log, journal, range(i, a), range(j, b), k == 0, False)
        pairs += piece + [(a, b)]
        too_large |= large
        i, j = a + 1, b + 1
    piece, large = _piece(
        log, journal, range(i, len(log)), range(j, len(journal)), not anchors, True
    )
    return pairs + piece, too_large or large


def _piece(log, journal, log_range: range, journal_range: range, free_start, free_end):
    """A piece aligned, its indices those of the whole; and whether it was too large."""
    sub_log = [log[k] for k in log_range]
    sub_journal = [journal[k] for k in journal_range]
    piece = _align_piece(sub_log, sub_journal, free_start, free_end)
    shifted = [
        (None if a is None else log_range[a], None if b is None else journal_range[b])
        for a, b in piece
    ]
    return shifted, len(sub_log) * len(sub_journal) > MAX_CELLS
