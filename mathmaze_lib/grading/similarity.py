"""Which submissions share their code: every pair of learners' own code compared, and each with the
worked solutions, by winnowed fingerprints (copydetect, as MOSS does).

Each submission's own code is the code cells its learner wrote or changed (:func:`.given.own_code`); the
lesson's own code (the student notebook's cells, the exercise cells' headers and docstrings included) is
left out as boilerplate. copydetect reads the code as Python tokens with every name replaced by one letter
(so renaming variables changes nothing), hashes every run of ``k`` tokens' characters and keeps a few of
those hashes per window (winnowing). The share of a notebook's own code found in another's is the size of
their common runs over the size of its code. A pair is flagged when either share reaches the threshold and
the common code is longer than a few lines (``min_common``): short answers that everyone writes alike
are not flagged, and a renamed copy of a classmate's whole notebook is.

:func:`report` writes an HTML page a teacher reads: the pairs, most similar first, and for each flagged
pair the two notebooks' own code side by side with the common parts marked.

>>> codes = {"ada": "def f(xs):\\n    total = 0\\n    for x in xs:\\n        if x > 0:\\n            total += x * x\\n    return total\\n",
...          "bob": "def f(values):\\n    s = 0\\n    for v in values:\\n        if v > 0:\\n            s += v * v\\n    return s\\n"}
>>> [(p.a, p.b, round(p.share_a, 2)) for p in compare(codes, given="", min_common=20)]
[('ada', 'bob', 1.0)]
"""

from __future__ import annotations

import html
import io
from dataclasses import dataclass, field
from typing import Optional

__all__ = ["Pair", "compare", "report", "REFERENCE", "THRESHOLD"]

#: The name of the worked solutions among the compared.
REFERENCE = "the worked solutions"
#: A pair is flagged when this share of one notebook's own code is in the other's.
THRESHOLD = 0.7
K, WINDOW = 25, 1            # copydetect's noise threshold (characters of the filtered code) and window
MIN_COMMON = 150             # common filtered characters below which a pair is not flagged (a few lines)


@dataclass
class Pair:
    """Two compared: the share of ``a``'s own code found in ``b`` and the other way round, their common
    filtered characters, and the common parts as ``(start, end)`` character ranges of each one's code."""

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
        return max(self.share_a, self.share_b)


def _fingerprint(code: str, boilerplate=None):
    from copydetect.detector import CodeFingerprint

    return CodeFingerprint("code.py", K, WINDOW, boilerplate=boilerplate, fp=io.StringIO(code), language="python")


def compare(codes: dict, given: str, reference: Optional[str] = None, threshold: float = THRESHOLD,
            min_common: int = MIN_COMMON) -> list:
    """Every pair of ``codes`` (``{name: own code}``), and each with ``reference`` (named :data:`REFERENCE`),
    most similar first; ``given``: the lesson's own code, left out."""
    import logging

    logging.getLogger().setLevel(max(logging.getLogger().level, logging.ERROR))   # copydetect's chatter
    from copydetect.detector import compare_files

    boilerplate = list(_fingerprint(given).hashes) if given.strip() else []
    names = [n for n in codes if codes[n].strip()]
    prints = {n: _fingerprint(codes[n], boilerplate) for n in names}
    if reference and reference.strip():
        prints[REFERENCE] = _fingerprint(reference, boilerplate)
    order = list(prints)
    pairs = []
    for i, a in enumerate(order):
        for b in order[i + 1:]:
            common, (share_a, share_b), (slices_a, slices_b) = compare_files(prints[a], prints[b])
            pair = Pair(a, b, float(share_a), float(share_b), int(common),
                        _spans(slices_a), _spans(slices_b))
            pair.flagged = pair.share >= threshold and pair.common >= min_common
            pairs.append(pair)
    return sorted(pairs, key=lambda p: (-p.share, p.a, p.b))


def _spans(slices) -> list:
    if len(slices) == 0 or len(slices[0]) == 0:
        return []
    return [(int(s), int(e)) for s, e in zip(slices[0], slices[1])]


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
