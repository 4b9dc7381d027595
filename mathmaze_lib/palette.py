"""The one palette of cell roles, shared by the board widget and the drawings.

Colours come from the Okabe-Ito set (safe for the common kinds of colour
blindness), and every role is ALSO told apart by a pattern (hatch), a border
style or a mark, so no role is shown by colour alone.

>>> ROLES[:3]
('plain', 'start', 'end')
>>> style("frontier")["color"]
'#E69F00'
>>> style("lava")
Traceback (most recent call last):
...
ValueError: unknown role 'lava': use one of plain, start, end, rock, wall, path, visited, frontier, current, goal, highlight, cut, unbuildable, tele_in, tele_out
"""

from __future__ import annotations

#: Every role a cell can have, in legend order.
ROLES = ("plain", "start", "end", "rock", "wall", "path", "visited",
         "frontier", "current", "goal", "highlight", "cut", "unbuildable", "tele_in", "tele_out")

# color: fill; ink: text colour on that fill; hatch: matplotlib hatch string
# (the board draws the same pattern with CSS); border: CSS border style;
# mark: a small symbol in the cell's corner; label: the legend text; words: what a screen
# reader says about a cell with that role (after its position and text; boards may override).
PALETTE = {
    "plain":     dict(color="#FFFFFF", ink="#000000", hatch="",   border="solid",  mark="",  label="plain", words=""),
    "start":     dict(color="#009E73", ink="#FFFFFF", hatch="",   border="solid",  mark="▶", label="start", words="start"),
    "end":       dict(color="#D55E00", ink="#FFFFFF", hatch="",   border="solid",  mark="⚑", label="end", words="end"),
    "rock":      dict(color="#7F7F7F", ink="#FFFFFF", hatch="xx", border="solid",  mark="",  label="rock", words="rock"),
    "wall":      dict(color="#000000", ink="#FFFFFF", hatch="//", border="solid",  mark="▮", label="wall", words="wall"),
    "path":      dict(color="#F0E442", ink="#000000", hatch="",   border="solid",  mark="•", label="path", words="on your path"),
    "visited":   dict(color="#B9DDF3", ink="#000000", hatch="..", border="solid",  mark="",  label="visited", words="visited"),
    "frontier":  dict(color="#E69F00", ink="#000000", hatch="",   border="dashed", mark="○", label="frontier", words="in the queue"),
    "current":   dict(color="#CC79A7", ink="#000000", hatch="",   border="double", mark="◉", label="current", words="current"),
    "goal":      dict(color="#0072B2", ink="#FFFFFF", hatch="",   border="solid",  mark="★", label="goal", words="goal"),
    "highlight": dict(color="#FFF3A6", ink="#000000", hatch="",   border="dotted", mark="◆", label="highlight", words="marked"),
    "cut":       dict(color="#DDDDDD", ink="#000000", hatch="xx", border="dashed", mark="✕", label="cut off", words="cut off: the total is too big"),
    "unbuildable": dict(color="#E4E4E4", ink="#000000", hatch="..", border="dotted", mark="⊘", label="no walls here", words="no wall may go here"),
    "tele_in":   dict(color="#56B4E9", ink="#000000", hatch="",   border="double", mark="⇩", label="teleport in", words="teleport in"),
    "tele_out":  dict(color="#56B4E9", ink="#000000", hatch="",   border="dashed", mark="⇧", label="teleport out", words="teleport out"),
}


def style(role: str) -> dict:
    """The drawing style of a role (a dict with color, ink, hatch, border, mark, label).

    >>> style("goal")["mark"]
    '★'
    """
    try:
        return PALETTE[role]
    except (KeyError, TypeError):
        raise ValueError(f"unknown role {role!r}: use one of {', '.join(ROLES)}") from None


def check_role(role, where: str = "") -> str:
    """Return ``role`` if it is a known role name, else raise ``ValueError`` naming ``where``.

    >>> check_role("path")
    'path'
    >>> check_role("lava", where="cell (0, 1)")
    Traceback (most recent call last):
    ...
    ValueError: cell (0, 1): unknown role 'lava': use one of plain, start, end, rock, wall, path, visited, frontier, current, goal, highlight, cut, unbuildable, tele_in, tele_out
    """
    if isinstance(role, str) and role in PALETTE:
        return role
    prefix = f"{where}: " if where else ""
    raise ValueError(f"{prefix}unknown role {role!r}: use one of {', '.join(ROLES)}")
