"""Which submissions share their code: every pair of learners' own code compared, and each with the
worked solutions, by winnowed fingerprints (Schleimer, Wilkerson and Aiken's winnowing, as MOSS and
copydetect do), on Python's own tokens.

Each submission's own code is the code cells its learner wrote or changed (:func:`.given.own_code`); the
lesson's own code (the student notebook's cells, the exercise cells' headers and docstrings included) is
left out as boilerplate. The code is read as Python tokens (the standard library's tokenizer), with every
name that is not a keyword or a builtin replaced by one symbol, every string by another, and comments and
blank lines dropped: renaming variables or rewording comments changes nothing. Every run of :data:`K` tokens
is hashed, and of each :data:`WINDOW` hashes in a row the smallest is kept (winnowing: any common run of
``K + WINDOW - 1`` tokens or more is found). The share of a notebook's own code found in another's is the
number of its tokens under common fingerprints over the number under all its fingerprints. A pair is flagged
when either share reaches the threshold and the common code is longer than a few lines (``min_common``
tokens): short answers that everyone writes alike are not flagged, and a renamed copy of a classmate's whole
notebook is.

:func:`report` writes an HTML page a teacher reads: the pairs, most similar first, and for each flagged
pair the two notebooks' own code side by side with the common parts marked.

>>> codes = {"ada": "def f(xs):\\n    total = 0\\n    for x in xs:\\n        if x > 0:\\n            total += x * x\\n    return total\\n",
...          "bob": "def f(values):\\n    s = 0  # the sum\\n    for v in values:\\n        if v > 0:\\n            s += v * v\\n    return s\\n"}
>>> [(p.a, p.b, round(p.share_a, 2)) for p in compare(codes, given="", min_common=20)]
[('ada', 'bob', 1.0)]
"""

from __future__ import annotations

import builtins
import html
import io
import keyword
import tokenize
import zlib
from dataclasses import dataclass, field
from typing import Optional

__all__ = ["Pair", "compare", "report", "fingerprints", "REFERENCE", "THRESHOLD"]

#: The name of the worked solutions among the compared.
REFERENCE = "the worked solutions"
#: A pair is flagged when this share of one notebook's own code is in the other's.
THRESHOLD = 0.7
K, WINDOW = 20, 4            # tokens per fingerprint, and hashes per winnowing window
MIN_COMMON = 60              # common tokens below which a pair is not flagged (a few lines)
_BUILTINS = set(dir(builtins))
_SKIP = {tokenize.COMMENT, tokenize.NL, tokenize.ENCODING, tokenize.ENDMARKER}


@dataclass
class Pair:
    """Two compared: the share of ``a``'s own code found in ``b`` and the other way round, their common
    tokens, and the common parts as ``(start, end)`` character ranges of each one's code."""

    a: str
    b: str
    share_a: float
    share_b: float
    common: int
    spans_a: list = field(default_factory=list)
    spans_b: list = field(default_factory=list)
    flagged: bool = False

    @property
    def share(self) -> float:
        """The larger of the two shares: how much of one notebook's own code is also in the other."""
        return max(self.share_a, self.share_b)


def _tokens(code: str) -> list:
    """``[(symbol, start, end)]``: the code's tokens as symbols (see the module's text), with their character
    ranges; code that stops being Python (a cell of shell commands, a half-written line) ends the list there."""
    starts = [0]
    for line in code.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))
    out = []
    try:
        for tok in tokenize.generate_tokens(io.StringIO(code).readline):
            if tok.type in _SKIP:
                continue
            if tok.type == tokenize.NAME:
                symbol = tok.string if keyword.iskeyword(tok.string) or tok.string in _BUILTINS else "V"
            elif tok.type == tokenize.STRING or tok.type == getattr(tokenize, "FSTRING_START", -1):
                symbol = "S"
            elif tok.type in (tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT):
                symbol = {tokenize.NEWLINE: ";", tokenize.INDENT: "{", tokenize.DEDENT: "}"}[tok.type]
            else:
                symbol = tok.string
            (r1, c1), (r2, c2) = tok.start, tok.end
            out.append((symbol, starts[r1 - 1] + c1, starts[min(r2, len(starts)) - 1] + c2))
    except (tokenize.TokenError, IndentationError, SyntaxError):
        pass
    return out


@dataclass
class _Print:
    tokens: list
    kept: dict             # hash -> [token positions of the runs it starts]

    @property
    def covered(self) -> int:
        return len({i for spots in self.kept.values() for p in spots for i in range(p, p + K)})


def fingerprints(code: str, boilerplate=frozenset()) -> _Print:
    """The winnowed fingerprints of ``code``, those of ``boilerplate`` (a set of hashes) left out.

    >>> a = fingerprints("squares = [i * i for i in range(10) if i % 2 == 0]\\nprint(squares, len(squares))\\n")
    >>> b = fingerprints("evens = [k * k for k in range(10) if k % 2 == 0]\\nprint(evens, len(evens))\\n")
    >>> set(a.kept) == set(b.kept) != set()
    True
    """
    tokens = _tokens(code)
    symbols = [t[0] for t in tokens]
    hashes = [_hash(symbols[i:i + K]) for i in range(len(symbols) - K + 1)]
    kept: dict = {}
    for w in range(max(1, len(hashes) - WINDOW + 1)):
        window = hashes[w:w + WINDOW]
        if not window:
            break
        low = min(window)
        at = w + max(i for i, h in enumerate(window) if h == low)      # the rightmost smallest
        if low not in boilerplate and at not in kept.setdefault(low, []):
            kept[low].append(at)
    return _Print(tokens, {h: spots for h, spots in kept.items() if spots})


def _every_hash(code: str) -> frozenset:
    symbols = [t[0] for t in _tokens(code)]
    return frozenset(_hash(symbols[i:i + K]) for i in range(len(symbols) - K + 1))


def _hash(symbols) -> int:
    """A run of tokens' hash, the same in every process (Python's own ``hash`` of text is not)."""
    return zlib.crc32("\x1f".join(symbols).encode("utf-8"))


def _common(mine: _Print, theirs: _Print) -> tuple:
    """``(tokens of mine under common fingerprints, their character spans)``."""
    positions = sorted({i for h in set(mine.kept) & set(theirs.kept) for p in mine.kept[h] for i in range(p, p + K)})
    spans: list = []
    for i in positions:
        start, end = mine.tokens[i][1], mine.tokens[i][2]
        if spans and i == spans[-1][2] + 1:
            spans[-1] = (spans[-1][0], end, i)
        else:
            spans.append((start, end, i))
    return len(positions), [(s, e) for s, e, _ in spans]


def compare(codes: dict, given: str, reference: Optional[str] = None, threshold: float = THRESHOLD,
            min_common: int = MIN_COMMON) -> list:
    """Every pair of ``codes`` (``{name: own code}``), and each with ``reference`` (named :data:`REFERENCE`),
    most similar first; ``given``: the lesson's own code, left out."""
    boilerplate = _every_hash(given) if given.strip() else frozenset()
    prints = {n: fingerprints(code, boilerplate) for n, code in codes.items() if code.strip()}
    if reference and reference.strip():
        prints[REFERENCE] = fingerprints(reference, boilerplate)
    order = [n for n in prints if prints[n].kept]
    pairs = []
    for i, a in enumerate(order):
        for b in order[i + 1:]:
            common_a, spans_a = _common(prints[a], prints[b])
            common_b, spans_b = _common(prints[b], prints[a])
            pair = Pair(a, b, common_a / prints[a].covered, common_b / prints[b].covered, min(common_a, common_b),
                        spans_a, spans_b)
            pair.flagged = pair.share >= threshold and pair.common >= min_common
            pairs.append(pair)
    return sorted(pairs, key=lambda p: (-p.share, p.a, p.b))


def _marked(code: str, spans: list) -> str:
    out, at = [], 0
    for start, end in sorted(spans):
        start = max(start, at)
        if end <= start:
            continue
        out += [html.escape(code[at:start]), f"<mark>{html.escape(code[start:end])}</mark>"]
        at = end
    out.append(html.escape(code[at:]))
    return "".join(out)


_STYLE = """body{font-family:sans-serif;margin:1.5em;color:#111}table{border-collapse:collapse}
td,th{border:1px solid #999;padding:.25em .6em;text-align:left}th{background:#eee}
.pair{display:grid;grid-template-columns:1fr 1fr;gap:1em;margin-bottom:2.5em}
pre{background:#f7f7f7;border:1px solid #ccc;padding:.6em;overflow-x:auto;font-size:.85em;margin:0}
mark{background:#ffd27f}.flag{color:#a00;font-weight:bold}"""


def report(pairs: list, codes: dict, path, title: str, threshold: float = THRESHOLD, reference: str = "",
           labels: Optional[dict] = None) -> None:
    """Write the HTML report: a table of every pair at or above a third of the threshold, then each flagged
    pair side by side (``labels``: ``{name: what to call it}``, such as the student and the file)."""
    labels = labels or {}
    all_codes = dict(codes, **({REFERENCE: reference} if reference else {}))
    shown = [p for p in pairs if p.share >= threshold / 3]
    rows = "".join(
        f"<tr><td>{html.escape(labels.get(p.a, p.a))}</td><td>{html.escape(labels.get(p.b, p.b))}</td>"
        f"<td>{p.share_a:.0%}</td><td>{p.share_b:.0%}</td>"
        f"<td>{'<a class=flag href=#pair%d>flagged</a>' % i if p.flagged else ''}</td></tr>"
        for i, p in enumerate(shown))
    parts = [f"<!doctype html><html lang=en><meta charset=utf-8><title>{html.escape(title)}</title>"
             f"<style>{_STYLE}</style><h1>{html.escape(title)}</h1>",
             f"<p>Each notebook's own code (what its learner wrote; the lesson's code left out) was compared with "
             f"every other's and with {REFERENCE}, names ignored. A pair is flagged when {threshold:.0%} or more of "
             f"one notebook's own code is in the other's. Look at a flagged pair before you decide anything: "
             f"learners who worked together, or who read the worked solutions, write alike.</p>",
             f"<table><tr><th>notebook</th><th>other</th><th>share of the first in the other</th>"
             f"<th>share of the other in the first</th><th></th></tr>{rows}</table>"
             if shown else "<p>No two notebooks share much of their own code.</p>"]
    for i, p in enumerate(shown):
        if not p.flagged:
            continue
        parts.append(f"<h2 id=pair{i}>{html.escape(labels.get(p.a, p.a))} and {html.escape(labels.get(p.b, p.b))}: "
                     f"{p.share_a:.0%} and {p.share_b:.0%}</h2><div class=pair>"
                     f"<pre>{_marked(all_codes[p.a], p.spans_a)}</pre><pre>{_marked(all_codes[p.b], p.spans_b)}</pre></div>")
    parts.append("</html>")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(parts) + "\n")
