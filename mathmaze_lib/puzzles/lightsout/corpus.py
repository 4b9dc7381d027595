"""Answers to Lights Out's exercise as learners write them, right and wrong (the form of the project's
test corpus: ``right`` sources that must be judged correct, ``wrong`` pairs of a source and a phrase its
feedback must contain), run by the tests like the lessons' own."""

RIGHT, WRONG = "right", "wrong"

CORPUS = {}

CORPUS["q8"] = {
    RIGHT: [
        "def press(lights, cell, rows, cols):\n    r, c = cell\n    on = set(lights)\n"
        "    for rr, cc in [(r, c), (r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)]:\n"
        "        if 0 <= rr < rows and 0 <= cc < cols:\n            on ^= {(rr, cc)}\n    return frozenset(on)",
        "def press(lights, cell, rows, cols):\n    r, c = cell\n"
        "    switched = {(r + dr, c + dc) for dr, dc in [(0, 0), (-1, 0), (0, 1), (1, 0), (0, -1)]\n"
        "                if 0 <= r + dr < rows and 0 <= c + dc < cols}\n    return frozenset(lights) ^ switched",
        "def press(lights, cell, rows, cols):\n    r, c = cell\n    new = set(lights)\n"
        "    for dr, dc in [(0, 0), (-1, 0), (0, 1), (1, 0), (0, -1)]:\n        nr, nc = r + dr, c + dc\n"
        "        if nr < 0 or nr >= rows or nc < 0 or nc >= cols:\n            continue\n"
        "        if (nr, nc) in new:\n            new.remove((nr, nc))\n        else:\n            new.add((nr, nc))\n"
        "    return frozenset(new)",
    ],
    WRONG: [
        ("def press(lights, cell, rows, cols):\n    r, c = cell\n    on = set(lights)\n"
         "    for rr, cc in [(r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)]:\n"
         "        if 0 <= rr < rows and 0 <= cc < cols:\n            on ^= {(rr, cc)}\n    return frozenset(on)",
         "the pressed cell switches"),
        ("def press(lights, cell, rows, cols):\n    r, c = cell\n    on = set(lights)\n"
         "    for rr in range(r - 1, r + 2):\n        for cc in range(c - 1, c + 2):\n"
         "            if 0 <= rr < rows and 0 <= cc < cols:\n                on ^= {(rr, cc)}\n    return frozenset(on)",
         "not the diagonal ones"),
        ("def press(lights, cell, rows, cols):\n    r, c = cell\n    on = set(lights)\n"
         "    for rr, cc in [(r, c), (r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)]:\n"
         "        on ^= {(rr, cc)}\n    return frozenset(on)", "off the board"),
        ("def press(lights, cell, rows, cols):\n    r, c = cell\n    on = set(lights)\n"
         "    for rr, cc in [(r, c), (r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)]:\n"
         "        if 0 <= rr < rows and 0 <= cc < cols:\n            on ^= {(rr, cc)}\n    return on",
         "return frozenset"),
        ("def press(lights, cell, rows, cols):\n    r, c = cell\n    on = set(lights)\n"
         "    for rr, cc in [(r, c), (r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)]:\n"
         "        if 0 <= rr < rows and 0 <= cc < cols:\n            on.add((rr, cc))\n    return frozenset(on)",
         "but the answer is"),
        ("def press(lights, cell, rows, cols):\n    r, c = cell\n    on = set(lights)\n"
         "    for rr, cc in [(r, c), (r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)]:\n"
         "        if 0 < rr < rows and 0 < cc < cols:\n            on ^= {(rr, cc)}\n    return frozenset(on)",
         "but the answer is"),
        ("from mathmaze_lib.puzzles import lightsout\n\ndef press(lights, cell, rows, cols):\n"
         "    board = lightsout.LightsOut(rows, cols, frozenset(lights))\n"
         "    return lightsout.press(board, frozenset(lights), cell)", "Write it yourself"),
    ],
}
