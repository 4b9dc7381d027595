"""Exercises of lesson 1, Math Maze: from the sum of a path to a puzzle with one solution.

Each builds on the one before: q1 adds up a path, q2 says whether one more step
is legal, q3 checks a whole path, q4a puts the lines of a depth-first search in order
(a Parsons problem, the first step before writing one), q4 counts every solution by
depth-first search, q5 makes a puzzle with exactly one solution; q6 is a question to
think about. p1 ... p4 are the lesson's predictions, c1 its checked challenge.
The worked solutions are the code of the solution notebook (see :mod:`.solutions`).

>>> from mathmaze_lib.puzzles import summaze
>>> q1.evaluate(lambda numbers, path: sum(numbers[r][c] for r, c in path)).correct
True
>>> print(q4.evaluate(summaze.count_solutions).text.splitlines()[0])
Write it yourself: your count_paths calls summaze.count_solutions, which does the work this exercise asks for.
"""

from __future__ import annotations

from functools import lru_cache

from .. import search
from ..grid import ORTHOGONAL, Grid
from ..puzzles import PUZZLES
from ..puzzles.summaze import Puzzle, check_path, count_solutions, generate, generate_unique, solutions, sum_histogram
from .core import Challenge, FunctionExercise, ThoughtExercise, _short
from .lesson1_paths import (Q1_RULES, Q2_RULES, Q3_RULES, _lesson_puzzles, _on, _puzzle, _q1_size, _q2_size, _q3_size,
                            _show, is_legal_step, is_solution, q1, q2, q3)
from .parsons import Parsons
from .predict import Prediction
from .rules import Rule, by_size, deciding_cases, rule_diagnose
from .handing import hand_in_for
from .solutions import attach, by_number

#: The exercises the puzzles bring to this lesson (none yet), found through the registry.
_BROUGHT = PUZZLES.exercises(1, taken=globals())
globals().update(_BROUGHT)
__all__ = [*by_number(["q1", "q2", "q3", "q4a", "q4", "q5", "q6", *_BROUGHT]), "c1"]
#: The lesson's predictions, in the order of the notebook (``ex.p1`` ...).
PREDICTIONS = ["p1", "p2", "p3", "p4"]


# ---- q4a and q4: depth-first searches, and the slips learners make in them ---------------------

_EIGHT = tuple((dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0))


def _counter(skip: str = "", sums: bool = True):
    """A depth-first count with one rule left out (``skip``), as a learner who forgets it writes it:
    ``count_paths(puzzle)`` when ``sums``, else ``count_routes(puzzle, path)``."""
    def count(puzzle, path=None):
        path = list(path or [puzzle.start])
        seen = set(path)
        moves = _EIGHT if skip == "steps" else ORTHOGONAL

        def extend(total):
            if sums and (total >= puzzle.target if skip == "prune" else total > puzzle.target):
                return 0                                        # "prune": cuts a path that reached the target
            last = path[-1]
            hit = total == puzzle.target if sums else True
            if last == puzzle.end:
                return 1 if skip == "total" else int(hit)      # "total": counts every path to End
            n = int(hit) if skip == "end" else 0               # counts wherever the path stops
            if skip == "twice" and len(path) > puzzle.rows * puzzle.cols:
                return n
            for dr, dc in moves:
                cell = (last[0] + dr, last[1] + dc)
                if not _on(cell, puzzle.rows, puzzle.cols):
                    continue
                if skip == "unmark":                            # a visited set that is never cleared
                    if cell in seen:
                        continue
                    seen.add(cell)
                elif skip != "twice" and cell in path:
                    continue
                path.append(cell)
                n += extend(total + (puzzle.value(cell) if sums else 0))
                path.pop()
            return n
        return extend(0 if skip == "start" else sum(puzzle.value(c) for c in path))
    return count


@lru_cache(maxsize=None)
def _small_puzzles() -> tuple:
    """Small puzzles with small numbers (so that many paths share a sum), smallest first."""
    shapes = [(1, 2), (1, 3), (2, 2), (1, 4), (2, 3), (3, 3)]
    return tuple(generate(pid, rows, cols, lengths=(2, rows * cols), values=(1, 3))
                 for rows, cols in shapes for pid in range(25))


def _puzzle_size(case) -> int:
    return case[0].rows * case[0].cols


# ---- q4a: the lines of a depth-first search, in order (a Parsons problem) ---------------------

def count_routes(puzzle, path):
    """How many ways ``path`` can go on to End without visiting a cell twice (sums do not matter)."""
    return sum(1 for _ in search.simple_paths(
        lambda cell: [n for n in puzzle.grid.neighbours(cell, ORTHOGONAL) if n not in path[:-1]],
        path[-1], puzzle.end))


Q4A_RULES = [
    Rule("a path counts when it reaches End, and stops there;", _counter("end", sums=False)),
    Rule("a path never visits a cell twice, but a cell that one path used is free again for the next path;",
         _counter("twice", sums=False), _counter("unmark", sums=False),
         advice="Un-mark a cell once the search from it is over: path.pop() (or visited.remove(cell)), so that the "
                "next path may use it again."),
    Rule("steps go up, right, down or left.", _counter("steps", sums=False)),
]


@lru_cache(maxsize=None)
def _q4a_deciding() -> tuple:
    candidates = [(p, [p.start]) for p in _small_puzzles()]
    return tuple(deciding_cases(count_routes, Q4A_RULES, candidates, per_slip=2))


def _q4a_cases(rng):
    cases = list(_q4a_deciding()) + [(_puzzle([[1, 2]], (0, 0), (0, 1), [(0, 0), (0, 1)]), [(0, 0)])]
    for pid, rows, cols in [(2, 3, 3), (5, 2, 3), (8, 3, 3), (3, 3, 4)]:
        p = generate(pid, rows, cols, lengths=(2, 6))
        cases.append((p, [p.start]))
    p = generate(11, 3, 3, lengths=(3, 6))
    cases.append((p, list(p.path[:2])))
    p = generate(rng.randrange(10**6), 3, 3, lengths=(2, 6))
    cases.append((p, [p.start]))
    cases += [(p, [p.start]) for p, _ in _lesson_puzzles()[:2]]      # puzzle 42 and the tiny one
    return by_size(cases, _puzzle_size)


_ROUTES = FunctionExercise(
    "count_routes", reference=count_routes, cases=_q4a_cases, diagnose=rule_diagnose(Q4A_RULES),
    describe=lambda args: f"count_routes(puzzle, {args[1]}) on {_show(args[0])}")


def _q4a_diagnose(order: str) -> "str | None":
    at = {letter: i for i, letter in enumerate(order)}
    if at["A"] < at["E"]:
        return ("path.pop() (A) comes before the search from the new cell (E): take a cell off the path "
                "(un-mark it) only after the search from it has finished.")
    if at["H"] > at["E"]:
        return ("path.append(cell) (H) must come before the search from that cell (E): mark the cell as on "
                "the path, search on from it, then take it off again.")
    if at["J"] > at["G"]:
        return "count = 0 (J) must come before the loop (G) that adds to it."
    return None


def _past_end(puzzle, path) -> "str | None":
    """Why a call of count_routes must not happen: its path already went through End."""
    if puzzle.end in path[:-1]:
        return (f"The search went on past End {puzzle.end}: it called count_routes with the path {path}.\n  A path "
                f"counts when it reaches End, and stops there: the End test (F, I) comes before the loop (G).")
    return None


q4a = Parsons(
    "routes_order", "def count_routes(puzzle, path):\n"
                    '    """How many ways can path go on to End, never visiting a cell twice? (Sums do not matter.)"""',
    {"A": "            path.pop()",
     "B": "    return count",
     "C": "        if is_legal_step(path, cell, puzzle.rows, puzzle.cols):",
     "D": "    r, c = path[-1]",
     "E": "            count += count_routes(puzzle, path)",
     "F": "    if (r, c) == puzzle.end:",
     "G": "    for cell in [(r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)]:",
     "H": "            path.append(cell)",
     "I": "        return 1",
     "J": "    count = 0"},
    _ROUTES, solution="DFIJGCHEAB", namespace={"is_legal_step": is_legal_step}, diagnose=_q4a_diagnose,
    watch=_past_end,
    hints=["Start with the stopping case: where is the search (D), and has it reached End (F, I)? Only then "
           "loop over the four neighbours (G) and keep the legal ones (C).",
           "For a legal cell: put it on the path (H), count the ways on from there (E), then take it off "
           "again (A), so the next neighbour starts from the same path. Count from 0 (J); return the count "
           "after the loop (B)."])


# ---- q4: count every solution ------------------------------------------------------------

Q4_RULES = [
    Rule("a solution starts at Start and ends at End;", _counter("end"), _counter("total"),
         advice="Count a path only when it reaches End, with the total equal to the target."),
    Rule("it never visits a cell twice, but a cell that one path used is free again for the next path;",
         _counter("twice"), _counter("unmark"),
         advice="Un-mark a cell once the search from it is over: path.pop() (or visited.remove(cell)), so that the "
                "next path may use it again."),
    Rule("its steps go up, right, down or left;", _counter("steps"),
         advice="Try the four neighbours (r - 1, c), (r, c + 1), (r + 1, c) and (r, c - 1) only."),
    Rule("its numbers add up to the target, Start's number included.", _counter("start"), _counter("prune"),
         advice="Start the total with Start's number (extend([start], numbers[start row][start col])), and cut a "
                "path only when its total is above the target (>): End holds 0, so a path that wins has the "
                "target's total already one step before End."),
]


@lru_cache(maxsize=None)
def _q4_deciding() -> tuple:
    return tuple(deciding_cases(count_solutions, Q4_RULES, [(p,) for p in _small_puzzles()], per_slip=2))


def _q4_cases(rng):
    cases = [(p,) for p in (generate(pid) for pid in range(6))] + list(_q4_deciding())
    cases += [(p,) for p, _ in _lesson_puzzles()]                   # the puzzles the lesson shows
    cases += [(generate(rng.randrange(10**6), rng.randint(1, 4), rng.randint(2, 5), lengths=(2, 6)),)
              for _ in range(14)]
    # A 7 x 7 board with a small target: with pruning a few hundred paths, without it billions.
    cases += [(generate(rng.randrange(10**6), 7, 7, lengths=(2, 3)),) for _ in range(2)]
    return by_size(cases, _puzzle_size)


q4 = FunctionExercise(
    "count_paths", reference=count_solutions, cases=_q4_cases, diagnose=rule_diagnose(Q4_RULES),
    describe=lambda args: f"count_paths on {_show(args[0])}",
    forbidden=[count_solutions, solutions, sum_histogram, search.simple_paths, "networkx"], uses=[q2],
    method="Count with your own depth-first search: extend the path one legal cell at a time.",
    timeout_hint="Does your search stop a path as soon as its total is bigger than the target? "
                 "That is the pruning: without it, it tries every path on the board.",
    hints=["Depth-first search: a function extend(path, total) that tries every legal next cell.",
           "When the path reaches End, count 1 if total == target. The numbers are positive, so when "
           "total > target no longer path can come back down: return 0 at once (that is the pruning).",
           "Do not step past End: a path that reaches End stops there."])


# ---- q5: a puzzle with exactly one solution ------------------------------------------------

def _unique_puzzle_verdict(expected: Puzzle, got, args) -> "str | None":
    seed, rows, cols = args
    if not isinstance(got, Puzzle):
        return f"returned {_short(got)}; it should return a puzzle made with summaze.generate."
    if (got.rows, got.cols) != (rows, cols):
        return f"returned a {got.rows} x {got.cols} puzzle; it should be {rows} x {cols}."
    check = check_path(got, got.path)
    if not check.ok:
        return f"returned a puzzle whose planted path does not solve it ({check.reason})."
    count = count_solutions(got, cap=1000)
    if count != 1:
        return f"returned a puzzle with {count} solutions; a unique one has exactly 1."
    return None


def _unique_but(skip: str):
    """unique_puzzle with one rule left out, as a learner who forgets it writes it."""
    import random as _random

    def unique_puzzle(seed, rows, cols):
        rng = _random.Random(0 if skip == "seed" else seed) if skip != "same" else _random.Random()
        while True:
            pid = rng.randrange(10**9)
            p = generate(pid, cols, rows) if skip == "size" else generate(pid, rows, cols)
            count = count_solutions(p, cap=3)
            if (count >= 1) if skip == "one" else (count == 1):
                return p
    return unique_puzzle


Q5_RULES = [
    Rule("it returns a puzzle made with `summaze.generate`, of `rows` x `cols` cells;", _unique_but("size")),
    Rule("the puzzle has exactly one solution;", _unique_but("one")),
    Rule("the same seed always gives the same puzzle;", _unique_but("same")),
    Rule("different seeds give different puzzles.", _unique_but("seed")),
]


q5 = FunctionExercise(
    "unique_puzzle", reference=lambda seed, rows, cols: generate_unique(seed, rows, cols),
    cases=lambda rng: [(0, 4, 5), (1, 4, 5), (2, 4, 5), (3, 4, 5), (4, 4, 5), (0, 3, 5), (1, 3, 5), (1, 3, 3)]
    + [(rng.randrange(10**6), rng.randint(3, 5), rng.randint(3, 5)) for _ in range(8)],
    judge=_unique_puzzle_verdict, deterministic=True, varies=True,
    forbidden=[generate_unique], uses=[q4],
    method="Try puzzle after puzzle with summaze.generate and keep the first whose count is 1.",
    timeout_hint="Does your loop stop as soon as it finds a puzzle with exactly one solution?",
    hints=["Keep making puzzles with generate(some_id, rows, cols) until one has exactly one solution.",
           "Draw the ids from random.Random(seed) so the same seed always gives the same puzzle; "
           "count with count_solutions (or your count_paths)."])


q6 = ThoughtExercise(
    "q6",
    question="""
        The generator plants ONE path, yet many puzzles have several solutions, and players
        find paths the generator never drew. Why? And look at the lines above: unique puzzles
        tend to have SHORT planted paths. Why would that be?
    """,
    discussion="""
        The target is only a number: any other path from Start to End whose numbers add up
        to it also wins. With digits 1 to 9 on a 4 x 5 grid there are hundreds of simple
        paths from Start to End (416 on puzzle 42) but far fewer different sums (57 there),
        so by the pigeonhole principle many paths share a sum, and the planted sum is often
        among the shared ones.
        A short planted path has a small target, and few paths from Start to End are that
        short (a path that wanders adds up quickly and overshoots), so a small target is
        rarely hit twice. A long path has a large target that many different wandering
        paths can also reach. That is why summaze.make(id, unique=True), which tries puzzle
        after puzzle and keeps the first whose count is 1, mostly keeps short walks.
    """)



# ---- challenges ----------------------------------------------------------------------------

_COUNTS: dict = {}


def solution_counts(ids=range(1000)) -> dict:
    """``{id: number of solutions}`` of the 4 x 5 puzzles with these ids (kept once computed)."""
    missing = [pid for pid in ids if pid not in _COUNTS]
    for pid in missing:
        _COUNTS[pid] = count_solutions(generate(pid))
    return {pid: _COUNTS[pid] for pid in ids}


def _most_solutions(pid):
    if isinstance(pid, bool) or not isinstance(pid, int) or not 0 <= pid < 1000:
        return False, f"{pid!r} is not a puzzle id from 0 to 999"
    counts = solution_counts()
    most = max(counts.values())
    count = counts[pid]
    if count == most:
        return True, f"puzzle {pid} has {count} solutions, the most of any id from 0 to 999"
    return False, f"puzzle {pid} has {count} solution{'s' * (count != 1)}; another id has more"


c1 = Challenge("most_solutions_id", "Among the ids 0 to 999, find the 4 x 5 puzzle with the most solutions.",
               _most_solutions,
               hints=["Loop over the ids 0 to 999 with summaze.generate(pid) and count with your count_paths; "
                      "keep the id with the largest count (max with a key does it in one line)."])


# ---- predictions ---------------------------------------------------------------------------

def planted_moves(puzzle_id: int = 42) -> int:
    """Moves of the path the generator planted in a 4 x 5 puzzle."""
    return len(generate(puzzle_id).path) - 1


def simple_paths_start_to_end(puzzle_id: int = 42) -> int:
    """How many simple paths (any sum) lead from Start to End of a 4 x 5 puzzle."""
    p = generate(puzzle_id)
    return sum(1 for _ in search.simple_paths(Grid(p.rows, p.cols).neighbours, p.start, p.end))


def unique_among(n: int = 300) -> int:
    """How many of the puzzles with ids 0 .. n-1 have exactly one solution."""
    return sum(count_solutions(generate(i), cap=2) == 1 for i in range(n))


p1 = Prediction("Start [1] and End =19 sit side by side. How many moves long is the path the generator planted?",
                answer=planted_moves, choices=[1, 3, 5, 7], name="ex.p1",
                why="The walk did not aim for End: it had a random length and End is simply where it stopped.")
p2 = Prediction("How many paths solve this puzzle?", answer=lambda: count_solutions(generate(2, 3, 3)),
                choices=[0, 1, 2, 3], name="ex.p2",
                why="Step through the search below: it meets End several times, and twice with the total 19.")
p3 = Prediction("Roughly how many simple paths (any sum) lead from Start to End in puzzle 42?",
                answer=simple_paths_start_to_end, choices=[40, 400, 4000], name="ex.p3",
                why="Even a 4 x 5 grid has hundreds of ways between two cells; only one of them adds up to 19.")
p4 = Prediction("Of the first 300 puzzles, about how many have exactly one solution?", answer=unique_among,
                choices=[10, 100, 250], name="ex.p4",
                why="About a third: a random target is often reached by more than one path.")

# Each checked exercise carries the rules its text lists, and how big a case is (its cases come smallest first).
for _exercise, _rules, _size in ((q1, Q1_RULES, _q1_size), (q2, Q2_RULES, _q2_size), (q3, Q3_RULES, _q3_size),
                                 (_ROUTES, Q4A_RULES, _puzzle_size), (q4, Q4_RULES, _puzzle_size), (q5, Q5_RULES, None)):
    _exercise.rules, _exercise.case_size = _rules, _size

attach(globals(), "lesson1")

#: ``ex.hand_in()``: hand in this lesson's notebook as last saved (see :mod:`mathmaze_lib.teacher.handin`).
hand_in = hand_in_for(1)
