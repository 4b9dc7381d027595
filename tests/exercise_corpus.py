"""Answers as learners write them, right and wrong, for every checked exercise.

``CORPUS[(lesson, q)]`` has ``right`` (sources that must get "Correct", in every form the lesson
allows), ``wrong`` (pairs of a source and a phrase its feedback must contain: most break exactly one
rule of the exercise's list) and, for an exercise that uses an earlier one, ``borrowed`` (a right
answer that calls a wrong earlier function: it counts as right and the feedback names the earlier one). Each source is run like a
notebook cell, in a namespace with the lesson's imports and the worked solutions of the
exercises before it (as a learner who got those right has them).
"""

RIGHT, WRONG, BORROWED = "right", "wrong", "borrowed"

CORPUS = {}

# ---------------------------------------------------------------- lesson 1

CORPUS["lesson1", "q1"] = {
    RIGHT: [
        "def path_sum(numbers, path):\n    return sum(numbers[r][c] for r, c in path)",
        "def path_sum(numbers, path):\n    total = 0\n    for cell in path:\n        total = total + numbers[cell[0]][cell[1]]\n    return total",
        "def path_sum(numbers, path):\n    if not path:\n        return 0\n    r, c = path[0]\n    return numbers[r][c] + path_sum(numbers, path[1:])",
    ],
    WRONG: [
        ("def path_sum(numbers, path):\n    return sum(numbers[c][r] for r, c in path)", "path_sum("),
        ("def path_sum(numbers, path):\n    total = 0\n    for r, c in path[1:]:\n        total += numbers[r][c]\n    return total",
         "path[0] included"),
        ("def path_sum(numbers, path):\n    return len(path)", "but the answer is"),
        ("def path_sum(numbers, path):\n    total = numbers[path[0][0]][path[0][1]]\n    for r, c in path[1:]:\n"
         "        total += numbers[r][c]\n    return total", "raised IndexError"),
        ("def path_sum(numbers, path):\n    print(sum(numbers[r][c] for r, c in path))", "returned None"),
        ("def path_sum(numbers, path):\n    return str(sum(numbers[r][c] for r, c in path))", "(a str)"),
        ("def path_sum(numbers, path):\n    return summaze.path_sum(numbers, path)", "Write it yourself"),
        # issue 41: a cell the path visits twice counts twice (the lesson tries [(3, 1), (3, 2), (3, 1)])
        ("def path_sum(numbers, path):\n    return sum(numbers[r][c] for r, c in set(path))", "not set(path)"),
    ],
}

CORPUS["lesson1", "q2"] = {
    RIGHT: [
        "def is_legal_step(path, cell, rows, cols):\n    r, c = cell\n    last_r, last_c = path[-1]\n"
        "    on_grid = 0 <= r < rows and 0 <= c < cols\n    touches = abs(r - last_r) + abs(c - last_c) == 1\n"
        "    return on_grid and touches and cell not in path",
        "def is_legal_step(path, cell, rows, cols):\n    r, c = path[-1]\n"
        "    neighbours = [(r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)]\n"
        "    return cell in neighbours and cell[0] in range(rows) and cell[1] in range(cols) and cell not in path",
        "def is_legal_step(path, cell, rows, cols):\n    if cell in path:\n        return False\n"
        "    if not (0 <= cell[0] < rows and 0 <= cell[1] < cols):\n        return False\n"
        "    dr, dc = cell[0] - path[-1][0], cell[1] - path[-1][1]\n    if (dr, dc) in [(-1, 0), (0, 1), (1, 0), (0, -1)]:\n"
        "        return True\n    return False",
        "def is_legal_step(path, cell, rows, cols):\n    r, c = cell\n    pr, pc = path[-1]\n"
        "    return 0 <= r < rows and 0 <= c < cols and abs(r - pr) + abs(c - pc) == 1 and cell not in path[:-1]",
    ],
    WRONG: [
        ("def is_legal_step(path, cell, rows, cols):\n    r, c = cell\n    lr, lc = path[-1]\n"
         "    return 0 <= r < rows and 0 <= c < cols and max(abs(r - lr), abs(c - lc)) == 1 and cell not in path",
         "diagonal"),
        ("def is_legal_step(path, cell, rows, cols):\n    r, c = cell\n    lr, lc = path[-1]\n"
         "    return 0 <= r < rows and 0 <= c < cols and abs(r - lr) + abs(c - lc) == 1", "already on the path"),
        ("def is_legal_step(path, cell, rows, cols):\n    r, c = cell\n    lr, lc = path[-1]\n"
         "    return abs(r - lr) + abs(c - lc) == 1 and cell not in path", "off the"),
        ("def is_legal_step(path, cell, rows, cols):\n    r, c = cell\n    lr, lc = path[0]\n"
         "    return 0 <= r < rows and 0 <= c < cols and abs(r - lr) + abs(c - lc) == 1 and cell not in path",
         "a step starts from the end of the path"),
        ("def is_legal_step(path, cell, rows, cols):\n    r, c = cell\n    lr, lc = path[-1]\n"
         "    return 0 <= r <= rows and 0 <= c <= cols and abs(r - lr) + abs(c - lc) == 1 and cell not in path",
         "off the"),
        ("def is_legal_step(path, cell, rows, cols):\n    r, c = cell\n    lr, lc = path[-1]\n"
         "    ok = 0 <= r < rows and 0 <= c < cols and abs(r - lr) + abs(c - lc) == 1 and cell not in path\n"
         "    if ok:\n        path.append(cell)\n    return ok", "changed the input"),
        ("def is_legal_step(path, cell, rows, cols):\n    r, c = cell\n    lr, lc = path[-1]\n"
         "    if 0 <= r < rows and 0 <= c < cols and abs(r - lr) + abs(c - lc) == 1 and cell not in path:\n"
         "        return 1\n    return 0", "a bool (True or False)"),
    ],
}

_IS_SOLUTION_BODY = ("    for k in range(1, len(path)):\n"
                     "        if not is_legal_step(path[:k], path[k], puzzle.rows, puzzle.cols):\n"
                     "            return False\n"
                     "    return path_sum(puzzle.numbers, path) == puzzle.target")

CORPUS["lesson1", "q3"] = {
    RIGHT: [
        "def is_solution(puzzle, path):\n    if not path or path[0] != puzzle.start or path[-1] != puzzle.end:\n"
        "        return False\n" + _IS_SOLUTION_BODY,
        "def is_solution(puzzle, path):\n    return (len(path) > 0 and path[0] == puzzle.start and path[-1] == puzzle.end\n"
        "            and all(is_legal_step(path[:k], path[k], puzzle.rows, puzzle.cols) for k in range(1, len(path)))\n"
        "            and path_sum(puzzle.numbers, path) == puzzle.target)",
        "def is_solution(puzzle, path):\n    if path == [] or path[0] != puzzle.start:\n        return False\n"
        "    seen = {path[0]}\n    for a, b in zip(path, path[1:]):\n"
        "        if b in seen or abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:\n            return False\n"
        "        if not (0 <= b[0] < puzzle.rows and 0 <= b[1] < puzzle.cols):\n            return False\n"
        "        seen.add(b)\n    return path[-1] == puzzle.end and path_sum(puzzle.numbers, path) == puzzle.target",
    ],
    WRONG: [
        ("def is_solution(puzzle, path):\n    if not path or path[-1] != puzzle.end:\n        return False\n"
         + _IS_SOLUTION_BODY, "but a solution starts at Start"),
        ("def is_solution(puzzle, path):\n    if not path or path[0] != puzzle.start or puzzle.end not in path:\n"
         "        return False\n" + _IS_SOLUTION_BODY, "a solution stops at End"),
        ("def is_solution(puzzle, path):\n    if not path or path[0] != puzzle.start or path[-1] != puzzle.end:\n"
         "        return False\n    for k in range(1, len(path)):\n"
         "        if not is_legal_step(path[:k], path[k], puzzle.rows, puzzle.cols):\n            return False\n"
         "    return True", "but the answer is False"),
        ("def is_solution(puzzle, path):\n    if not path or path[0] != puzzle.start or path[-1] != puzzle.end:\n"
         "        return False\n    return path_sum(puzzle.numbers, path) == puzzle.target", "but the answer is False"),
        ("def is_solution(puzzle, path):\n    if path[0] != puzzle.start or path[-1] != puzzle.end:\n"
         "        return False\n" + _IS_SOLUTION_BODY, "raised IndexError"),
        ("def is_solution(puzzle, path):\n    return summaze.check_path(puzzle, path).ok", "Write it yourself"),
        ("def is_solution(puzzle, path):\n    if not path or path[0] != puzzle.start or path[-1] != puzzle.end:\n"
         "        return False\n" + _IS_SOLUTION_BODY.replace("== puzzle.target", ">= puzzle.target"), "wrong sum"),
        ("def is_solution(puzzle, path):\n    if not path or path[0] != puzzle.start or path[-1] != puzzle.end:\n"
         "        return False\n    for a, b in zip(path, path[1:]):\n"
         "        if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1 or b in path[:path.index(b)]:\n            return False\n"
         "    return path_sum(puzzle.numbers, path) == puzzle.target", "is off the"),
        ("def is_solution(puzzle, path):\n    if not path or path[0] != puzzle.start or path[-1] != puzzle.end:\n"
         "        return False\n    for a, b in zip(path, path[1:]):\n"
         "        if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:\n            return False\n"
         "        if not (0 <= b[0] < puzzle.rows and 0 <= b[1] < puzzle.cols):\n            return False\n"
         "    return path_sum(puzzle.numbers, path) == puzzle.target", "already visited"),
    ],
}

#: Exercise 4a of lesson 1 is a Parsons problem: its answers are orders of given lines (kept apart from
#: CORPUS, whose answers are functions).
PARSONS = {}
PARSONS["lesson1", "q4a"] = {
    RIGHT: ['routes_order = "DFIJGCHEAB"', 'routes_order = "JDFIGCHEAB"', 'routes_order = "d f i j g c h e a b"',
            'routes_order = "DFIJGCHE,AB"'],
    WRONG: [('routes_order = "DFIJGCHAEB"', "un-mark it"), ('routes_order = "DFIJGCEHAB"', "mark the cell"),
            ('routes_order = "DFIGCHEAJB"', "count = 0 (J) must come before"),
            ('routes_order = "DFJIGCHEAB"', "must be indented further"),
            ('routes_order = "DFIJGCHEB"', "A is missing"), ('routes_order = "DFIJGCHEAAB"', "A is used twice"),
            ('routes_order = 42', "a string of letters"),
            # issue 41: the End test after the loop counts right, but the search goes on past End
            ('routes_order = "DJGCHEAFIB"', "went on past End"), ('routes_order = "JDGCHEAFIB"', "stops there")],
}

_EXTEND = ("        last = path[-1]\n"
           "        if last == puzzle.end:\n"
           "            return 1 if total == puzzle.target else 0\n"
           "        count = 0\n"
           "        for dr, dc in [(-1, 0), (0, 1), (1, 0), (0, -1)]:\n"
           "            cell = (last[0] + dr, last[1] + dc)\n"
           "            if is_legal_step(path, cell, puzzle.rows, puzzle.cols):\n"
           "                count += extend(path + [cell], total + puzzle.numbers[cell[0]][cell[1]])\n"
           "        return count\n")
_START = "    start = puzzle.start\n    return extend([start], puzzle.numbers[start[0]][start[1]])"

CORPUS["lesson1", "q4"] = {
    RIGHT: [
        "def count_paths(puzzle):\n    def extend(path, total):\n        if total > puzzle.target:\n"
        "            return 0\n" + _EXTEND + _START,
        "def count_paths(puzzle):\n    count = 0\n    s = puzzle.start\n"
        "    stack = [([s], puzzle.numbers[s[0]][s[1]])]\n    while stack:\n        path, total = stack.pop()\n"
        "        if total > puzzle.target:\n            continue\n        if path[-1] == puzzle.end:\n"
        "            count += total == puzzle.target\n            continue\n        r, c = path[-1]\n"
        "        for cell in [(r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)]:\n"
        "            if is_legal_step(path, cell, puzzle.rows, puzzle.cols):\n"
        "                stack.append((path + [cell], total + puzzle.numbers[cell[0]][cell[1]]))\n    return count",
        "def count_paths(puzzle):\n    seen = set()\n    def go(cell, total):\n"
        "        total += puzzle.numbers[cell[0]][cell[1]]\n        if total > puzzle.target:\n            return 0\n"
        "        if cell == puzzle.end:\n            return int(total == puzzle.target)\n        seen.add(cell)\n"
        "        n = 0\n        r, c = cell\n        for nxt in [(r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)]:\n"
        "            if 0 <= nxt[0] < puzzle.rows and 0 <= nxt[1] < puzzle.cols and nxt not in seen:\n"
        "                n += go(nxt, total)\n        seen.remove(cell)\n        return n\n"
        "    return go(puzzle.start, 0)",
    ],
    WRONG: [
        ("def count_paths(puzzle):\n    def extend(path, total):\n" + _EXTEND + _START, "pruning"),
        ("def count_paths(puzzle):\n    def extend(path, total):\n        if total > puzzle.target:\n"
         "            return 0\n" + _EXTEND + "    return extend([puzzle.start], 0)", "Start's number"),
        ("def count_paths(puzzle):\n    def extend(path, total):\n        if total > puzzle.target:\n            return 0\n"
         "        last = path[-1]\n        count = 1 if total == puzzle.target else 0\n"
         "        for dr, dc in [(-1, 0), (0, 1), (1, 0), (0, -1)]:\n            cell = (last[0] + dr, last[1] + dc)\n"
         "            if is_legal_step(path, cell, puzzle.rows, puzzle.cols):\n"
         "                count += extend(path + [cell], total + puzzle.numbers[cell[0]][cell[1]])\n        return count\n"
         + _START, "but the answer is"),
        ("def count_paths(puzzle):\n    def extend(path, total):\n        if total > puzzle.target:\n            return 0\n"
         "        last = path[-1]\n        if last == puzzle.end:\n            return 1 if total == puzzle.target else 0\n"
         "        count = 0\n        for dr, dc in [(-1, 0), (0, 1), (1, 0), (0, -1)]:\n"
         "            cell = (last[0] + dr, last[1] + dc)\n"
         "            if 0 <= cell[0] < puzzle.rows and 0 <= cell[1] < puzzle.cols:\n"
         "                count += extend(path + [cell], total + puzzle.numbers[cell[0]][cell[1]])\n"
         "        return count\n" + _START, "but the answer is"),
        ("def count_paths(puzzle):\n    seen = {puzzle.start}\n    def go(cell, total):\n"
         "        if total > puzzle.target:\n            return 0\n        if cell == puzzle.end:\n"
         "            return int(total == puzzle.target)\n        n = 0\n        r, c = cell\n"
         "        for nxt in [(r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)]:\n"
         "            if 0 <= nxt[0] < puzzle.rows and 0 <= nxt[1] < puzzle.cols and nxt not in seen:\n"
         "                seen.add(nxt)\n                n += go(nxt, total + puzzle.numbers[nxt[0]][nxt[1]])\n"
         "        return n\n    return go(puzzle.start, puzzle.numbers[puzzle.start[0]][puzzle.start[1]])",
         "a cell that one path used is free again for the next path"),
        ("def count_paths(puzzle):\n    def extend(path, total):\n        if total > puzzle.target:\n"
         "            return 0\n        last = path[-1]\n        if last == puzzle.end:\n"
         "            return 1 if total == puzzle.target else 0\n        count = 0\n"
         "        for dr in (-1, 0, 1):\n            for dc in (-1, 0, 1):\n"
         "                cell = (last[0] + dr, last[1] + dc)\n"
         "                if 0 <= cell[0] < puzzle.rows and 0 <= cell[1] < puzzle.cols and cell not in path:\n"
         "                    count += extend(path + [cell], total + puzzle.numbers[cell[0]][cell[1]])\n"
         "        return count\n" + _START, "up, right, down or left"),
        # review of issues 41-44: pruning when the total reaches the target cuts every winner (End holds 0),
        # and counting every path that reaches End, whatever its total: each is told the rule it breaks
        ("def count_paths(puzzle):\n    def extend(path, total):\n        if total >= puzzle.target:\n"
         "            return 0\n" + _EXTEND + _START, "only when its total is above the target (>)"),
        ("def count_paths(puzzle):\n    def extend(path, total):\n        if total > puzzle.target:\n"
         "            return 0\n" + _EXTEND.replace("1 if total == puzzle.target else 0", "1") + _START,
         "Count a path only when it reaches End, with the total equal to the target"),
        ("def count_paths(puzzle):\n    return summaze.count_solutions(puzzle)", "Write it yourself"),
        ("import networkx as nx\n\ndef count_paths(puzzle):\n    g = nx.grid_2d_graph(puzzle.rows, puzzle.cols)\n"
         "    return sum(1 for p in nx.all_simple_paths(g, puzzle.start, puzzle.end)\n"
         "               if sum(puzzle.numbers[r][c] for r, c in p) == puzzle.target)", "Write it yourself"),
    ],
}

_UNIQUE_LOOP = ("    while True:\n        candidate = summaze.generate(rng.randrange(10**9), rows, cols)\n"
                "        if summaze.count_solutions(candidate) == 1:\n            return candidate")

CORPUS["lesson1", "q5"] = {
    RIGHT: [
        "def unique_puzzle(seed, rows, cols):\n    rng = random.Random(seed)\n" + _UNIQUE_LOOP,
        "def unique_puzzle(seed, rows, cols):\n    rng = random.Random(seed)\n    for _ in range(100000):\n"
        "        p = summaze.generate(rng.randrange(10**9), rows, cols)\n        if count_paths(p) == 1:\n"
        "            return p",
        "def unique_puzzle(seed, rows, cols):\n    pid = seed * 1000\n"
        "    while summaze.count_solutions(summaze.generate(pid, rows, cols)) != 1:\n        pid += 1\n"
        "    return summaze.generate(pid, rows, cols)",
    ],
    WRONG: [
        ("def unique_puzzle(seed, rows, cols):\n    rng = random.Random(0)\n" + _UNIQUE_LOOP, "different seeds"),
        ("def unique_puzzle(seed, rows, cols):\n    rng = random\n" + _UNIQUE_LOOP, "two different answers"),
        ("def unique_puzzle(seed, rows, cols):\n    rng = random.Random(seed)\n    while True:\n"
         "        candidate = summaze.generate(rng.randrange(10**9), rows, cols)\n"
         "        if summaze.count_solutions(candidate) >= 1:\n            return candidate",
         "a unique one has exactly 1"),
        ("def unique_puzzle(seed, rows, cols):\n    rng = random.Random(seed)\n    while True:\n"
         "        pid = rng.randrange(10**9)\n        if summaze.count_solutions(summaze.generate(pid, rows, cols)) == 1:\n"
         "            return pid", "it should return a puzzle"),
        ("def unique_puzzle(seed, rows, cols):\n    rng = random.Random(seed)\n    while True:\n"
         "        candidate = summaze.generate(rng.randrange(10**9), cols, rows)\n"
         "        if summaze.count_solutions(candidate) == 1:\n            return candidate", "it should be"),
        ("def unique_puzzle(seed, rows, cols):\n    return summaze.generate_unique(seed, rows, cols)",
         "Write it yourself"),
        # issue 41: seeds 0 and 1 give the same puzzle when puzzle 0 has several solutions
        ("def unique_puzzle(seed, rows, cols):\n    pid = seed\n"
         "    while summaze.count_solutions(summaze.generate(pid, rows, cols)) != 1:\n        pid += 1\n"
         "    return summaze.generate(pid, rows, cols)", "different seeds give different answers"),
    ],
    BORROWED: [
        ("def count_paths(puzzle):\n    return 1\n\n"
         "def unique_puzzle(seed, rows, cols):\n    rng = random.Random(seed)\n    while True:\n"
         "        p = summaze.generate(rng.randrange(10**9), rows, cols)\n        if count_paths(p) == 1:\n"
         "            return p",
         "Your unique_puzzle is right, but it uses your count_paths, which is wrong (Exercise 4)"),
    ],
}

# ---------------------------------------------------------------- lesson 2

_TABLE_TOP = ("def moves_table(numbers):\n    rows, cols = len(numbers), len(numbers[0])\n    table = {}\n"
              "    for r in range(rows):\n        for c in range(cols):\n            n = numbers[r][c]\n"
              "            targets = []\n            if n > 0:\n"
              "                for dr, dc in [(-1, 0), (0, 1), (1, 0), (0, -1)]:\n"
              "                    nr, nc = r + dr * n, c + dc * n\n")

CORPUS["lesson2", "q1"] = {
    RIGHT: [
        "def moves_table(numbers):\n    rows, cols = len(numbers), len(numbers[0])\n    def jumps(r, c):\n"
        "        n = numbers[r][c]\n        if (r, c) == (rows - 1, cols - 1) or n == 0:\n            return []\n"
        "        cells = [(r - n, c), (r, c + n), (r + n, c), (r, c - n)]\n"
        "        return sorted(a * cols + b for a, b in cells if 0 <= a < rows and 0 <= b < cols)\n"
        "    return {r * cols + c: jumps(r, c) for r in range(rows) for c in range(cols)}",
        _TABLE_TOP.replace("if n > 0:", "if n > 0 and (r, c) != (rows - 1, cols - 1):")
        + "                    if 0 <= nr < rows and 0 <= nc < cols:\n"
        "                        targets.append(nr * cols + nc)\n            table[r * cols + c] = tuple(sorted(targets))\n"
        "    return table",
        "def moves_table(numbers):\n    cols = len(numbers[0])\n    goal = (len(numbers) - 1, cols - 1)\n    table = {}\n"
        "    for i, row in enumerate(numbers):\n        for j, n in enumerate(row):\n            out = []\n"
        "            for a, b in ((i - n, j), (i, j + n), (i + n, j), (i, j - n)):\n"
        "                if n and (i, j) != goal and a in range(len(numbers)) and b in range(cols):\n"
        "                    out.append(a * cols + b)\n"
        "            out.sort()\n            table[i * cols + j] = out\n    return table",
    ],
    WRONG: [
        (_TABLE_TOP + "                    if 0 <= nr < rows and 0 <= nc < cols:\n"
         "                        targets.append(nr * cols + nc)\n            table[r * cols + c] = sorted(targets)\n"
         "    return table", "whatever number it holds"),
        ("def moves_table(numbers):\n    cols = len(numbers[0])\n    table = {}\n"
         "    for i, row in enumerate(numbers):\n        for j, n in enumerate(row):\n            out = []\n"
         "            for a, b in ((i - n, j), (i, j + n), (i + n, j), (i, j - n)):\n"
         "                if n and a in range(len(numbers)) and b in range(cols):\n                    out.append(a * cols + b)\n"
         "            out.sort()\n            table[i * cols + j] = out\n    return table", "whatever number it holds"),
        (_TABLE_TOP + "                    if 0 <= nr < rows and 0 <= nc < cols:\n"
         "                        targets.append(nr * 6 + nc)\n            table[r * 6 + c] = sorted(targets)\n"
         "    return table", "Not quite"),
        (_TABLE_TOP + "                    if 0 <= nr < rows and 0 <= nc < cols:\n"
         "                        targets.append(nr * cols + nc)\n            table[r * cols + c] = targets\n"
         "    return table", "differs at key"),
        (_TABLE_TOP + "                    if 0 <= nr < rows and 0 <= nc < cols:\n"
         "                        targets.append(nr * cols + nc)\n            if targets:\n"
         "                table[r * cols + c] = sorted(targets)\n    return table", "no entry for"),
        (_TABLE_TOP + "                    if 0 <= nr <= rows and 0 <= nc <= cols:\n"
         "                        targets.append(nr * cols + nc)\n            table[r * cols + c] = sorted(targets)\n"
         "    return table", "differs at key"),
        (_TABLE_TOP + "                    if 0 <= nr < rows and 0 <= nc < cols:\n"
         "                        targets.append((nr, nc))\n            table[(r, c)] = sorted(targets)\n"
         "    return table", "cell numbers r * cols + c"),
        ("def moves_table(numbers):\n    return jm.moves_table(jm.parse('\\n'.join(' '.join(map(str, row)) "
         "for row in numbers)))", "Write it yourself"),
    ],
}

_BFS_RIGHT = ("def bfs_distances(succ, start):\n    dist = {start: 0}\n    queue = deque([start])\n    while queue:\n"
              "        node = queue.popleft()\n        for nxt in succ(node):\n            if nxt not in dist:\n"
              "                dist[nxt] = dist[node] + 1\n                queue.append(nxt)\n    return dist")

CORPUS["lesson2", "q2"] = {
    RIGHT: [
        _BFS_RIGHT,
        "def bfs_distances(succ, start):\n    dist = {start: 0}\n    queue = [start]\n    i = 0\n"
        "    while i < len(queue):\n        node = queue[i]\n        i += 1\n        for nxt in succ(node):\n"
        "            if nxt not in dist:\n                dist[nxt] = dist[node] + 1\n                queue.append(nxt)\n"
        "    return dist",
        "def bfs_distances(succ, start):\n    dist = {}\n    layer, d = [start], 0\n    while layer:\n"
        "        following = []\n        for node in layer:\n            if node in dist:\n                continue\n"
        "            dist[node] = d\n            following.extend(succ(node))\n        layer, d = following, d + 1\n"
        "    return dist",
        "def bfs_distances(succ, start):\n    dist = {start: 0}\n    queue = deque([start])\n    done = set()\n"
        "    while queue:\n        node = queue.popleft()\n        if node in done:\n            continue\n"
        "        done.add(node)\n        for nxt in succ(node):\n            if nxt not in done:\n"
        "                dist.setdefault(nxt, dist[node] + 1)\n                queue.append(nxt)\n    return dist",
        "from collections import defaultdict\n\n"
        + _BFS_RIGHT.replace("dist = {start: 0}", "dist = defaultdict(int)\n    dist[start] = 0"),
    ],
    WRONG: [
        ("def bfs_distances(succ, start):\n    dist = {start: 0}\n    queue = deque([start])\n    while queue:\n"
         "        node = queue.popleft()\n        for nxt in succ(node):\n"
         "            dist[nxt] = min(dist.get(nxt, 10**9), dist[node] + 1)\n            queue.append(nxt)\n"
         "    return dist", "mark a cell as seen"),
        ("def bfs_distances(succ, start):\n    dist = {start: 0}\n    stack = [start]\n    while stack:\n"
         "        node = stack.pop()\n        for nxt in succ(node):\n            if nxt not in dist:\n"
         "                dist[nxt] = dist[node] + 1\n                stack.append(nxt)\n    return dist",
         "depth-first search"),
        ("def bfs_distances(succ, start):\n    dist = {start: 1}\n    queue = deque([start])\n    while queue:\n"
         "        node = queue.popleft()\n        for nxt in succ(node):\n            if nxt not in dist:\n"
         "                dist[nxt] = dist[node] + 1\n                queue.append(nxt)\n    return dist",
         "the start is 0 moves from itself"),
        ("def bfs_distances(succ, start):\n    dist = {start: 0}\n    queue = deque([start])\n    while queue:\n"
         "        node = queue.popleft()\n        for nxt in succ(node):\n            if nxt != start:\n"
         "                if nxt not in dist:\n                    queue.append(nxt)\n"
         "                dist[nxt] = dist[node] + 1\n    return dist", "differs at key"),
        ("def bfs_distances(succ, start):\n    seen = [start]\n    queue = deque([start])\n    while queue:\n"
         "        node = queue.popleft()\n        for nxt in succ(node):\n            if nxt not in seen:\n"
         "                seen.append(nxt)\n                queue.append(nxt)\n    return seen", "(a list)"),
        ("def bfs_distances(succ, start):\n    dist = {}\n    queue = deque([start])\n    while queue:\n"
         "        node = queue.popleft()\n        for nxt in succ(node):\n            if nxt not in dist:\n"
         "                dist[nxt] = dist[node] + 1\n                queue.append(nxt)\n    return dist",
         "Begin with dist = {start: 0}"),
        ("def bfs_distances(succ, start):\n    dist = {}\n    queue = deque([start])\n    while queue:\n"
         "        node = queue.popleft()\n        for nxt in succ(node):\n            if nxt not in dist:\n"
         "                dist[nxt] = dist.get(node, 0) + 1\n                queue.append(nxt)\n    return dist",
         "Begin with dist = {start: 0}"),
        # the lesson numbers its cells from 0: cell 0 is a node, and false in Python
        (_BFS_RIGHT.replace("if nxt not in dist:", "if nxt and nxt not in dist:"), "Python reads it as false"),
        ("from mathmaze_lib.search import bfs\n\ndef bfs_distances(succ, start):\n    return bfs(succ, start).dist",
         "Write it yourself"),
        ("import networkx as nx\n\ndef bfs_distances(succ, start):\n    g = nx.DiGraph()\n    todo, seen = [start], {start}\n"
         "    g.add_node(start)\n    while todo:\n        n = todo.pop()\n        for m in succ(n):\n"
         "            g.add_edge(n, m)\n            if m not in seen:\n                seen.add(m)\n                todo.append(m)\n"
         "    return dict(nx.single_source_shortest_path_length(g, start))", "Write it yourself"),
    ],
}

CORPUS["lesson2", "q3"] = {
    RIGHT: [
        "def route_from_parents(parent, goal):\n    route = [goal]\n    while parent[route[-1]] is not None:\n"
        "        route.append(parent[route[-1]])\n    return route[::-1]",
        "def route_from_parents(parent, goal):\n    if parent[goal] is None:\n        return [goal]\n"
        "    return route_from_parents(parent, parent[goal]) + [goal]",
        "def route_from_parents(parent, goal):\n    route = []\n    node = goal\n    while node is not None:\n"
        "        route.insert(0, node)\n        node = parent[node]\n    return route",
        "def route_from_parents(parent, goal):\n    route = [goal]\n    while parent[route[-1]] is not None:\n"
        "        route.append(parent[route[-1]])\n    return tuple(reversed(route))",
        "def route_from_parents(parent, goal):\n    route = []\n    node = goal\n    while node or node == 0:\n"
        "        route.append(node)\n        node = parent[node]\n    return route[::-1]",
        # the text does not forbid networkx (issue 41): a route in the tree of parents is a right answer
        "import networkx as nx\n\ndef route_from_parents(parent, goal):\n    tree = nx.DiGraph()\n"
        "    tree.add_nodes_from(parent)\n    tree.add_edges_from((p, n) for n, p in parent.items() if p is not None)\n"
        "    start = next(n for n, p in parent.items() if p is None)\n    return nx.shortest_path(tree, start, goal)",
    ],
    WRONG: [
        ("def route_from_parents(parent, goal):\n    route = [goal]\n    while parent[route[-1]] is not None:\n"
         "        route.append(parent[route[-1]])\n    return route", "runs backwards"),
        ("def route_from_parents(parent, goal):\n    route = []\n    node = goal\n    while parent[node] is not None:\n"
         "        route.append(node)\n        node = parent[node]\n    return route[::-1]", "but the answer has"),
        ("def route_from_parents(parent, goal):\n    route = []\n    node = goal\n    while node is not None:\n"
         "        route.append(node)\n    return route[::-1]", "whose parent is None"),
        ("def route_from_parents(parent, goal):\n    return [goal]", "Not quite"),
        # issue 41: the lesson numbers its cells from 0, and 0 is false: {0: None, 4: 0, 24: 4} gave [4, 24]
        ("def route_from_parents(parent, goal):\n    route = [goal]\n    while parent[route[-1]]:\n"
         "        route.append(parent[route[-1]])\n    return route[::-1]", "only None ends it"),
        ("def route_from_parents(parent, goal):\n    route = []\n    node = goal\n    while node:\n"
         "        route.append(node)\n        node = parent[node]\n    return route[::-1]", "Python reads 0 as false"),

        ("from mathmaze_lib.search import route_to\n\ndef route_from_parents(parent, goal):\n"
         "    return route_to(parent, goal)", "Write it yourself"),
    ],
}

_COUNT_TOP = ("def count_shortest_routes(succ, start, goal):\n    dist, ways = {start: 0}, {start: 1}\n"
              "    queue = deque([start])\n    while queue:\n        node = queue.popleft()\n"
              "        for nxt in succ(node):\n")

CORPUS["lesson2", "q4"] = {
    RIGHT: [
        _COUNT_TOP + "            if nxt not in dist:\n                dist[nxt] = dist[node] + 1\n"
        "                ways[nxt] = 0\n                queue.append(nxt)\n            if dist[nxt] == dist[node] + 1:\n"
        "                ways[nxt] += ways[node]\n    return ways.get(goal, 0)",
        "def count_shortest_routes(succ, start, goal):\n    ways = {start: 1}\n    layer = [start]\n"
        "    while layer and goal not in layer:\n        following = {}\n        for node in layer:\n"
        "            for nxt in succ(node):\n                if nxt not in ways:\n"
        "                    following[nxt] = following.get(nxt, 0) + ways[node]\n"
        "        ways.update(following)\n        layer = list(following)\n    return ways.get(goal, 0)",
        "def count_shortest_routes(succ, start, goal):\n    dist = bfs_distances(succ, start)\n"
        "    if goal not in dist:\n        return 0\n    order = sorted(dist, key=dist.get)\n"
        "    ways = {n: 0 for n in dist}\n    ways[start] = 1\n    for node in order:\n"
        "        if node == goal:\n            continue\n        for nxt in succ(node):\n"
        "            if dist.get(nxt) == dist[node] + 1:\n                ways[nxt] += ways[node]\n    return ways[goal]",
    ],
    WRONG: [
        (_COUNT_TOP + "            if nxt not in dist:\n                dist[nxt] = dist[node] + 1\n"
         "                ways[nxt] = ways[node]\n                queue.append(nxt)\n    return ways.get(goal, 0)",
         "Too few"),
        (_COUNT_TOP + "            if nxt not in dist:\n                dist[nxt] = dist[node] + 1\n"
         "                ways[nxt] = 0\n                queue.append(nxt)\n            ways[nxt] += ways[node]\n"
         "    return ways.get(goal, 0)", "Too many"),
        (_COUNT_TOP + "            if nxt not in dist:\n                dist[nxt] = dist[node] + 1\n"
         "                ways[nxt] = 0\n                queue.append(nxt)\n            if dist[nxt] == dist[node] + 1:\n"
         "                ways[nxt] += ways[node]\n    return ways", "(a dict)"),
        (_COUNT_TOP + "            if nxt not in dist:\n                dist[nxt] = dist[node] + 1\n"
         "                queue.append(nxt)\n    return 1 if goal in dist else 0", "Too few"),
        (_COUNT_TOP + "            dist[nxt] = dist[node] + 1\n            ways[nxt] = ways.get(nxt, 0) + ways[node]\n"
         "            queue.append(nxt)\n    return ways.get(goal, 0)", "mark a cell as seen"),
        (_COUNT_TOP + "            if nxt not in dist:\n                dist[nxt] = dist[node] + 1\n"
         "                ways[nxt] = 0\n                queue.append(nxt)\n            if dist[nxt] == dist[node] + 1:\n"
         "                ways[nxt] += ways[node]\n    return ways.get(goal)", "Return ways.get(goal, 0)"),
        # the start's distance 0 is false: a move back to the start discovers it again
        (_COUNT_TOP + "            if not dist.get(nxt):\n                dist[nxt] = dist[node] + 1\n"
         "                ways[nxt] = 0\n                queue.append(nxt)\n            if dist[nxt] == dist[node] + 1:\n"
         "                ways[nxt] += ways[node]\n    return ways.get(goal, 0)", "The goal is the start here"),
        ("from mathmaze_lib.search import count_shortest_paths\n\ndef count_shortest_routes(succ, start, goal):\n"
         "    return count_shortest_paths(succ, start, goal)", "Write it yourself"),
    ],
}

_ALT_TOP = ("def alternate_moves(numbers, state):\n    (r, c), mode = state\n    rows, cols = len(numbers), len(numbers[0])\n"
            "    n = numbers[r][c]\n    if (r, c) == (rows - 1, cols - 1) or n == 0:\n        return []\n")
_ALT_LOOP = ("    out = []\n    for dr, dc in directions:\n        nr, nc = r + dr * n, c + dc * n\n"
             "        if 0 <= nr < rows and 0 <= nc < cols:\n            out.append(((nr, nc), {new}))\n    return out")
_ORTHO, _DIAG = "[(-1, 0), (0, 1), (1, 0), (0, -1)]", "[(-1, 1), (1, 1), (1, -1), (-1, -1)]"

CORPUS["lesson2", "q5"] = {
    RIGHT: [
        _ALT_TOP + f"    directions = {_ORTHO} if mode == 0 else {_DIAG}\n" + _ALT_LOOP.format(new="1 - mode"),
        "DIRECTIONS = {0: " + _ORTHO + ", 1: " + _DIAG + "}\n\ndef alternate_moves(numbers, state):\n"
        "    cell, mode = state\n    rows, cols = len(numbers), len(numbers[0])\n    n = numbers[cell[0]][cell[1]]\n"
        "    if n == 0 or cell == (rows - 1, cols - 1):\n        return []\n"
        "    landings = [(cell[0] + dr * n, cell[1] + dc * n) for dr, dc in DIRECTIONS[mode]]\n"
        "    return [(x, 1 - mode) for x in landings if 0 <= x[0] < rows and 0 <= x[1] < cols]",
        _ALT_TOP + f"    directions = {_ORTHO} if mode == 0 else {_DIAG}\n"
        + _ALT_LOOP.format(new="1 - mode").replace("out.append(((nr, nc), 1 - mode))", "out.append([(nr, nc), 1 - mode])"),
    ],
    WRONG: [
        ("def alternate_moves(numbers, state):\n    (r, c), mode = state\n    n = numbers[r][c]\n"
         "    if n == 0:\n        return []\n    if mode:\n        steps = [(-n, n), (n, n), (n, -n), (-n, -n)]\n"
         "    else:\n        steps = [(-n, 0), (0, n), (n, 0), (0, -n)]\n    result = []\n    for dr, dc in steps:\n"
         "        if r + dr in range(len(numbers)) and c + dc in range(len(numbers[0])):\n"
         "            result.append(((r + dr, c + dc), 0 if mode else 1))\n    return result", "whatever number it holds"),
        (_ALT_TOP + f"    directions = {_ORTHO} if mode == 0 else [(-1, -1), (-1, 1), (1, 1), (1, -1)]\n"
         + _ALT_LOOP.format(new="1 - mode"), "wrong order"),
        (_ALT_TOP + f"    directions = {_ORTHO} if mode == 0 else {_DIAG}\n" + _ALT_LOOP.format(new="mode"),
         "modes are not"),
        (f"def alternate_moves(numbers, state):\n    (r, c), mode = state\n    rows, cols = len(numbers), len(numbers[0])\n"
         f"    n = numbers[r][c]\n    directions = {_ORTHO} if mode == 0 else {_DIAG}\n" + _ALT_LOOP.format(new="1 - mode"),
         "Not quite"),
        (_ALT_TOP + f"    directions = {_DIAG} if mode == 0 else {_ORTHO}\n" + _ALT_LOOP.format(new="1 - mode"),
         "Not quite"),
        (_ALT_TOP + f"    directions = {_ORTHO} if mode == 0 else {_DIAG}\n" + _ALT_LOOP.format(new="1 - mode")
         .replace("out.append(((nr, nc), 1 - mode))", "out.append((nr, nc))"), "Not quite"),
        ("def alternate_moves(numbers, state):\n    m = jm.parse('\\n'.join(' '.join(map(str, row)) for row in numbers))\n"
         "    succ = jm.successors(m, 'alternate')\n    return [(s[0], s[1]) for s in succ((state[0], state[1], None, None))]",
         "Write it yourself"),
    ],
}

_ICE = ("def ice_stops(grid, cell):\n    rows, cols = len(grid), len(grid[0])\n    out = []\n"
        "    for dr, dc in [(-1, 0), (0, 1), (1, 0), (0, -1)]:\n        r, c = cell\n"
        "        while 0 <= r + dr < rows and 0 <= c + dc < cols and grid[r + dr][c + dc] != '#':\n"
        "            r, c = r + dr, c + dc\n{keep}")
CORPUS["lesson2", "q6"] = {
    RIGHT: [
        _ICE.format(keep="        if (r, c) != tuple(cell):\n            out.append((r, c))\n    return out"),
        _ICE.format(keep="        if [r, c] != list(cell):\n            out.append([r, c])\n    return out"),
        _ICE.replace("!= '#'", "in '.sg'").format(keep="        if (r, c) != tuple(cell):\n            out.append((r, c))\n"
                                                        "    return out"),
        "def ice_stops(grid, cell):\n    def slide(dr, dc):\n        r, c = cell\n"
        "        while True:\n            nr, nc = r + dr, c + dc\n"
        "            if nr < 0 or nc < 0 or nr >= len(grid) or nc >= len(grid[0]) or grid[nr][nc] == '#':\n"
        "                return (r, c)\n            r, c = nr, nc\n"
        "    stops = [slide(-1, 0), slide(0, 1), slide(1, 0), slide(0, -1)]\n"
        "    return [s for s in stops if s != tuple(cell)]",
    ],
    WRONG: [
        (_ICE.format(keep="        out.append((r, c))\n    return out"), "is no move"),
        (_ICE.replace("[(-1, 0), (0, 1), (1, 0), (0, -1)]", "[(0, 1), (1, 0), (0, -1), (-1, 0)]")
         .format(keep="        if (r, c) != tuple(cell):\n            out.append((r, c))\n    return out"), "wrong order"),
        ("def ice_stops(grid, cell):\n    r, c = cell\n    out = []\n"
         "    for nr, nc in [(r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)]:\n"
         "        if 0 <= nr < len(grid) and 0 <= nc < len(grid[0]) and grid[nr][nc] != '#':\n"
         "            out.append((nr, nc))\n    return out", "Keep moving in the same direction"),
        ("def ice_stops(grid, cell):\n    rows, cols = len(grid), len(grid[0])\n    out = []\n"
         "    for dr, dc in [(-1, 0), (0, 1), (1, 0), (0, -1)]:\n        r, c = cell\n"
         "        while 0 <= r < rows and 0 <= c < cols and grid[r][c] != '#':\n            r, c = r + dr, c + dc\n"
         "        if (r, c) != tuple(cell):\n            out.append((r, c))\n    return out", "Not quite"),
        ("def ice_stops(grid, cell):\n    rows, cols = len(grid), len(grid[0])\n    out = []\n"
         "    for dr, dc in [(-1, 0), (0, 1), (1, 0), (0, -1)]:\n        r, c = cell\n"
         "        while 0 <= r + dr < rows and 0 <= c + dc < cols:\n            r, c = r + dr, c + dc\n"
         "            if grid[r][c] == '#':\n                break\n"
         "        if (r, c) != tuple(cell):\n            out.append((r, c))\n    return out", "never stop on a rock"),
        # issue 41: "any other letter is ice": on ice maze 3 from (0, 6) these gave [(5, 6), (0, 2)] and [(6, 6), (0, 1)]
        (_ICE.replace("!= '#'", "== '.'").format(keep="        if (r, c) != tuple(cell):\n            out.append((r, c))\n"
                                                      "    return out"), "Only '#' is a rock"),
        (_ICE.replace("            r, c = r + dr, c + dc\n", "            r, c = r + dr, c + dc\n"
                      "            if grid[r][c] in 'gG':\n                break\n")
         .format(keep="        if (r, c) != tuple(cell):\n            out.append((r, c))\n    return out"), "The goal 'g' is ice"),
        ("def ice_stops(grid, cell):\n    from mathmaze_lib.puzzles.icemaze import rules\n"
         "    import mathmaze_lib.puzzles.icemaze as ice\n"
         "    rocks = frozenset((r, c) for r, row in enumerate(grid) for c, ch in enumerate(row) if ch == '#')\n"
         "    m = ice.IceMaze(len(grid), len(grid[0]), rocks, tuple(cell), tuple(cell))\n"
         "    return ice.successors(m)(tuple(cell))", "Write it yourself"),
    ],
}

# ---------------------------------------------------------------- lesson 3

_RUNNER = ("def runner_moves(maze, walls):\n    blocked = set(maze.rocks) | set(walls)\n"
           "    dist = {s: 0 for s in maze.starts}\n    queue = deque(maze.starts)\n    while queue:\n"
           "        cell = queue.popleft()\n        if cell in maze.ends:\n            return dist[cell]\n"
           "        r, c = cell\n        for nxt in [(r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)]:\n"
           "            if (0 <= nxt[0] < maze.rows and 0 <= nxt[1] < maze.cols\n"
           "                    and nxt not in blocked and nxt not in dist):\n"
           "                dist[nxt] = dist[cell] + 1\n                queue.append(nxt)\n    return None")

CORPUS["lesson3", "q1"] = {
    RIGHT: [
        _RUNNER,
        _RUNNER.replace("for s in maze.starts}", "for s in maze.ends}").replace("deque(maze.starts)", "deque(maze.ends)")
        .replace("if cell in maze.ends:", "if cell in maze.starts:"),
        "def runner_moves(maze, walls):\n    free = {(r, c) for r in range(maze.rows) for c in range(maze.cols)}\n"
        "    free -= set(maze.rocks) | set(walls)\n    layer, seen, d = set(maze.starts), set(maze.starts), 0\n"
        "    while layer:\n        if layer & set(maze.ends):\n            return d\n        following = set()\n"
        "        for r, c in layer:\n            for n in [(r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)]:\n"
        "                if n in free and n not in seen:\n                    seen.add(n)\n                    following.add(n)\n"
        "        layer, d = following, d + 1\n    return None",
        "def runner_moves(maze, walls):\n    queue = deque((s, 0) for s in maze.starts)\n    seen = set(maze.starts)\n"
        "    while queue:\n        (r, c), d = queue.popleft()\n        if (r, c) in maze.ends:\n            return d\n"
        "        for nr, nc in ((r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)):\n"
        "            if nr < 0 or nc < 0 or nr >= maze.rows or nc >= maze.cols:\n                continue\n"
        "            if (nr, nc) in maze.rocks or (nr, nc) in walls or (nr, nc) in seen:\n                continue\n"
        "            seen.add((nr, nc))\n            queue.append(((nr, nc), d + 1))\n    return None",
    ],
    WRONG: [
        (_RUNNER.replace("dist = {s: 0 for s in maze.starts}", "dist = {maze.starts[0]: 0}")
         .replace("deque(maze.starts)", "deque([maze.starts[0]])"), "Not quite"),
        (_RUNNER.replace("blocked = set(maze.rocks) | set(walls)", "blocked = set(maze.rocks)"), "walls block"),
        (_RUNNER.replace("return dist[cell]", "return dist[cell] + 1"), "Not quite"),
        (_RUNNER.replace("queue.popleft()", "queue.pop()"), "Not quite"),
        (_RUNNER.replace(" and nxt not in dist", ""), "a cell gets its distance once"),
        (_RUNNER.replace("    return None", "    return -1"), "None"),
        ("def runner_moves(maze, walls):\n    return wallmaze.score(maze, walls)", "Write it yourself"),
    ],
}

_LEG = ("    def leg(sources, targets):\n        blocked = set(maze.rocks) | set(walls)\n"
        "        dist = {s: 0 for s in sources}\n        queue = deque(sources)\n        while queue:\n"
        "            cell = queue.popleft()\n            if cell in targets:\n                return cell, dist[cell]\n"
        "            r, c = cell\n            for nxt in [(r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)]:\n"
        "                if (0 <= nxt[0] < maze.rows and 0 <= nxt[1] < maze.cols\n"
        "                        and nxt not in blocked and nxt not in dist):\n"
        "                    dist[nxt] = dist[cell] + 1\n                    queue.append(nxt)\n"
        "        return None, None\n")
_LEGS = ("    total, sources = 0, list(maze.starts)\n    for targets in list(maze.checkpoints) + [maze.ends]:\n"
         "        end, moves = leg(sources, set(targets))\n        if end is None:\n            return None\n"
         "        total, sources = total + moves, [end]\n    return total")

CORPUS["lesson3", "q2"] = {
    RIGHT: [
        "def score_with_checkpoints(maze, walls):\n" + _LEG + _LEGS,
        "def score_with_checkpoints(maze, walls):\n" + _LEG + "    def go(sources, goals):\n"
        "        if not goals:\n            return 0\n        end, moves = leg(sources, set(goals[0]))\n"
        "        if end is None:\n            return None\n        rest = go([end], goals[1:])\n"
        "        return None if rest is None else moves + rest\n"
        "    return go(list(maze.starts), list(maze.checkpoints) + [maze.ends])",
        "def score_with_checkpoints(maze, walls):\n" + _LEG
        + "    legs = list(maze.checkpoints) + [maze.ends]\n    here, total = list(maze.starts), 0\n"
        "    for i in range(len(legs)):\n        result = leg(here, set(legs[i]))\n        if result[0] is None:\n"
        "            return None\n        here = [result[0]]\n        total += result[1]\n    return total",
    ],
    WRONG: [
        ("def score_with_checkpoints(maze, walls):\n    return runner_moves(maze, walls)", "Not quite"),
        ("def score_with_checkpoints(maze, walls):\n" + _LEG + _LEGS.replace("sources = total + moves, [end]",
                                                                             "sources = total + moves, list(maze.starts)"),
         "Not quite"),
        ("def score_with_checkpoints(maze, walls):\n" + _LEG + _LEGS.replace("return None\n", "return 0\n"),
         "Not quite"),
        ("def score_with_checkpoints(maze, walls):\n" + _LEG + _LEGS.replace("list(maze.checkpoints) + [maze.ends]",
                                                                             "list(reversed(maze.checkpoints)) + [maze.ends]"),
         "Not quite"),
        ("def score_with_checkpoints(maze, walls):\n" + _LEG + _LEGS.replace("total + moves", "total + moves + 1"),
         "Not quite"),
        ("def score_with_checkpoints(maze, walls):\n" + _LEG + _LEGS.replace("set(targets)", "{targets[0]}"),
         "a letter may have several cells"),
        ("def score_with_checkpoints(maze, walls):\n" + _LEG + _LEGS.replace("sources = total + moves, [end]",
                                                                             "sources = total + moves, list(targets)"),
         "the next leg starts from the one reached"),
        ("def score_with_checkpoints(maze, walls):\n" + _LEG + _LEGS.replace("set(targets)", "set(targets) | set(maze.ends)"),
         "does not end a leg"),
        ("def score_with_checkpoints(maze, walls):\n    return wallmaze.run(maze, walls).moves", "Write it yourself"),
    ],
}

_GREEDY = ("def greedy_wall(maze, walls):\n    result = wallmaze.run(maze, walls)\n    best_gain, best_cell = 0, None\n"
           "    for cell in result.path:\n        if maze.char(cell) != '.' or cell in walls:\n            continue\n"
           "        s = wallmaze.score(maze, list(walls) + [cell])\n"
           "        if s is not None and s - result.moves > best_gain:\n"
           "            best_gain, best_cell = s - result.moves, cell\n    return best_cell")

CORPUS["lesson3", "q3"] = {
    RIGHT: [
        _GREEDY,
        _GREEDY.replace("return best_cell", "return None if best_cell is None else list(best_cell)"),
        "def greedy_wall(maze, walls):\n    now = wallmaze.score(maze, walls)\n    gains = []\n"
        "    for cell in wallmaze.run(maze, walls).path:\n        if maze.char(cell) == '.' and cell not in walls:\n"
        "            s = wallmaze.score(maze, walls + [cell])\n            if s is not None:\n"
        "                gains.append((s - now, cell))\n    best = max([g for g, _ in gains], default=0)\n"
        "    if best <= 0:\n        return None\n    return next(cell for g, cell in gains if g == best)",
        "def greedy_wall(maze, walls):\n    path = wallmaze.run(maze, walls).path\n    base = len(path) - 1\n"
        "    best = None\n    for cell in path:\n        if maze.char(cell) == '.' and cell not in walls:\n"
        "            moves = score_with_checkpoints(maze, walls + [cell])\n"
        "            if moves is not None and moves > base:\n                best, base = cell, moves\n    return best",
    ],
    WRONG: [
        (_GREEDY.replace("> best_gain", ">= best_gain"), "return None when no single wall makes the path longer"),
        (_GREEDY.replace("best_gain, best_cell = 0, None", "best_gain, best_cell = -1, None"), "Not quite"),
        (_GREEDY.replace("if s is not None and s - result.moves > best_gain", "if s - result.moves > best_gain"),
         "TypeError"),
        (_GREEDY.replace("for cell in result.path:", "for cell in maze.open_cells():"), "Not quite"),
        (_GREEDY.replace("    return best_cell", "    return best_gain"), "Not quite"),
        ("from mathmaze_lib import optimize\n\ndef greedy_wall(maze, walls):\n"
         "    r = optimize.greedy(maze, walls)\n    new = [w for w in r.walls if w not in walls]\n"
         "    return new[0] if new else None", "Write it yourself"),
    ],
}

_IMPROVE = ("def improving_moves(maze, walls):\n    result = wallmaze.run(maze, walls)\n    moves = []\n"
            "    for old in walls:\n        rest = [w for w in walls if w != old]\n        for cell in result.path:\n"
            "            if maze.char(cell) == '.' and cell not in walls:\n"
            "                s = wallmaze.score(maze, rest + [cell])\n"
            "                if s is not None and s > result.moves:\n                    moves.append((old, cell))\n"
            "    return sorted(moves)")

CORPUS["lesson3", "q4"] = {
    RIGHT: [
        _IMPROVE.replace("for cell in result.path:", "for cell in dict.fromkeys(result.path):"),
        "def improving_moves(maze, walls):\n    now = wallmaze.score(maze, walls)\n"
        "    path = [c for c in wallmaze.run(maze, walls).path if maze.char(c) == '.' and c not in walls]\n"
        "    better = set()\n    for old in walls:\n        for new in path:\n"
        "            s = wallmaze.score(maze, [w for w in walls if w != old] + [new])\n"
        "            if s is not None and s > now:\n                better.add((old, new))\n    return sorted(better)",
        "def improving_moves(maze, walls):\n    r = wallmaze.run(maze, walls)\n"
        "    def ok(old, new):\n        s = wallmaze.score(maze, [w for w in walls if w != old] + [new])\n"
        "        return s is not None and s > r.moves\n"
        "    return sorted({(o, n) for o in walls for n in r.path\n"
        "                   if maze.char(n) == '.' and n not in walls and ok(o, n)})",
        _IMPROVE.replace("for cell in result.path:", "for cell in set(result.path):")
        .replace("moves.append((old, cell))", "moves.append([old, cell])"),
    ],
    WRONG: [
        (_IMPROVE.replace("for cell in result.path:", "for cell in set(result.path):")
         .replace("s > result.moves", "s >= result.moves"), "strictly longer"),
        (_IMPROVE, "each pair (old, new) once"),
        (_IMPROVE.replace("for cell in result.path:", "for cell in set(result.path):")
         .replace("return sorted(moves)", "return moves"), "Not quite"),
        (_IMPROVE.replace("if s is not None and s > result.moves", "base = wallmaze.score(maze, rest)\n"
                          "                if s is not None and s > base"), "Not quite"),
        (_IMPROVE.replace("rest + [cell]", "list(walls) + [cell]"), "Not quite"),
        (_IMPROVE.replace("moves.append((old, cell))", "moves.append((cell, old))"), "Not quite"),
        ("from mathmaze_lib import optimize\n\ndef improving_moves(maze, walls):\n"
         "    optimize.local_search(maze, walls, seconds=0.1)\n    return []", "Write it yourself"),
    ],
}

_REACH = ("def reach_bound(maze, walls):\n    blocked = set(maze.rocks) | set(walls)\n    seen = set(maze.starts)\n"
          "    queue = deque(maze.starts)\n    while queue:\n        r, c = queue.popleft()\n"
          "        for nxt in [(r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)]:\n"
          "            if (0 <= nxt[0] < maze.rows and 0 <= nxt[1] < maze.cols\n"
          "                    and nxt not in blocked and nxt not in seen):\n"
          "                seen.add(nxt)\n                queue.append(nxt)\n"
          "    return (len(seen) - 1) * (len(maze.checkpoints) + 1)")

CORPUS["lesson3", "q5"] = {
    RIGHT: [
        _REACH,
        # issue 41: the text does not forbid networkx, and lesson 2 teaches it
        "import networkx as nx\n\ndef reach_bound(maze, walls):\n    g = nx.grid_2d_graph(maze.rows, maze.cols)\n"
        "    g.remove_nodes_from(set(maze.rocks) | set(walls))\n    reach = set()\n    for s in maze.starts:\n"
        "        reach |= nx.node_connected_component(g, s)\n    return (len(reach) - 1) * (len(maze.checkpoints) + 1)",
        _REACH.replace("queue.popleft()", "queue.pop()"),
        "def reach_bound(maze, walls):\n    seen = set()\n    def fill(cell):\n"
        "        if cell in seen or cell in maze.rocks or cell in walls:\n            return\n"
        "        if not (0 <= cell[0] < maze.rows and 0 <= cell[1] < maze.cols):\n            return\n"
        "        seen.add(cell)\n        r, c = cell\n        for n in [(r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)]:\n"
        "            fill(n)\n    for s in maze.starts:\n        fill(s)\n"
        "    return (len(seen) - 1) * (len(maze.checkpoints) + 1)",
    ],
    WRONG: [
        (_REACH.replace("blocked = set(maze.rocks) | set(walls)", "blocked = set(maze.rocks)"), "Not quite"),
        (_REACH.replace("(len(seen) - 1)", "len(seen)"), "Not quite"),
        (_REACH.replace(" * (len(maze.checkpoints) + 1)", ""), "one leg per letter"),
        (_REACH.replace("len(maze.checkpoints) + 1", "sum(len(cells) for cells in maze.checkpoints) + 1"),
         "counts letters, not their cells"),
        ("def reach_bound(maze, walls):\n    free = maze.rows * maze.cols - len(maze.rocks) - len(walls)\n"
         "    return (free - 1) * (len(maze.checkpoints) + 1)", "Not quite"),
        (_REACH.replace(" and nxt not in seen", ""), "give a cell its distance"),
        # issue 41: on s.#..f / ###... / s....f the first start alone reaches 2 cells, all of them 14
        (_REACH.replace("set(maze.starts)", "set(maze.starts[:1])").replace("deque(maze.starts)", "deque(maze.starts[:1])"),
         "every cell of maze.starts"),
        ("from mathmaze_lib import optimize\n\ndef reach_bound(maze, walls):\n    runner = wallmaze.Runner(maze)\n"
         "    return optimize.reach_bound(runner, {runner.index(w) for w in walls})", "Write it yourself"),
        # review of issues 41-44: a search that stops at the finishes is told to go on over them
        (_REACH.replace("        r, c = queue.popleft()\n", "        r, c = queue.popleft()\n"
                        "        if (r, c) in maze.ends:\n            continue\n"), "go on over finishes and letters"),
    ],
}

_CORNER = ("def corner_detour(maze, walls, a, c, b):\n    if a[0] == b[0] or a[1] == b[1]:\n        return False\n"
           "    d = (a[0] + b[0] - c[0], a[1] + b[1] - c[1])\n    return d not in maze.rocks and d not in walls")

CORPUS["lesson3", "q6"] = {
    RIGHT: [
        _CORNER,
        "def corner_detour(maze, walls, a, c, b):\n    straight = a[0] == c[0] == b[0] or a[1] == c[1] == b[1]\n"
        "    if straight:\n        return False\n    d = (b[0], a[1]) if a[0] == c[0] else (a[0], b[1])\n"
        "    return d not in set(maze.rocks) | set(walls)",
        "def corner_detour(maze, walls, a, c, b):\n    corners = {(a[0], b[1]), (b[0], a[1])} - {c}\n"
        "    if len(corners) != 1 or a[0] == b[0] or a[1] == b[1]:\n        return False\n"
        "    (d,) = corners\n    if d in maze.rocks:\n        return False\n    return d not in walls",
    ],
    WRONG: [
        (_CORNER.replace("        return False\n    d =", "        return True\n    d ="), "Not quite"),
        (_CORNER.replace(" and d not in walls", ""), "Not quite"),
        (_CORNER.replace("a[0] + b[0] - c[0], a[1] + b[1] - c[1]", "a[0] + b[0], a[1] + b[1]"), "Not quite"),
        (_CORNER.replace("return d not in maze.rocks and d not in walls", "return d"), "Not quite"),
        (_CORNER.replace("d not in maze.rocks and d not in walls", "d in maze.open_cells()"),
         "a start or a finish is free"),
        (_CORNER.replace("d not in maze.rocks and d not in walls", "maze.char(d) in '.sf' and d not in walls"),
         "a checkpoint letter too"),
        ("from mathmaze_lib import optimize\n\ndef corner_detour(maze, walls, a, c, b):\n"
         "    bits = wallmaze.BitRunner(maze)\n    return optimize.detour_moves(bits, 0, [a, c, b], 1) == 0",
         "Write it yourself"),
    ],
}


# ---------------------------------------------------------------- lesson 2: the BFS scaffold (q2a, q2's skeleton)

PARSONS["lesson2", "q2a"] = {
    RIGHT: ['bfs_order_lines = "AHKDEFCJIBG"', 'bfs_order_lines = "KHADEFCJBIG"', 'bfs_order_lines = "a h k d e c j i b f g"',
            'bfs_order_lines = "HAK DE CJIB F G"'],
    WRONG: [('bfs_order_lines = "AHKGDEFCJIB"', "return order (G) ends the function"),
            ('bfs_order_lines = "HKDEFCJIBAG"', "seen = {start} (A) must come before the loop"),
            ('bfs_order_lines = "AHKDFECJIBG"', "after the node is taken from the queue"),
            ('bfs_order_lines = "AHKDECJIFBG"', "is indented further than the line before it"),
            ('bfs_order_lines = "AHKDEFCJIB"', "G is missing"), ('bfs_order_lines = ["A", "H"]', "a string of letters")],
}

CORPUS["lesson2", "q2"][WRONG].append(       # Exercise 2's skeleton with a blank left as it is
    ("def bfs_distances(succ, start):\n    dist = {start: 0}\n    queue = deque([start])\n    while queue:\n"
     "        node = queue.popleft()\n        for nxt in succ(node):\n            if nxt not in ___:\n"
     "                dist[nxt] = dist[node] + 1\n                queue.append(nxt)\n    return dist", "replace every ___"))
