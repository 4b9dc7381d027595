"""The teacher's side: what a teacher prints, hands out, releases and collects.

``worksheet`` (puzzles from their ids on printable pages, with keys, each made by its puzzle's
``Kind.sheet``; ``pages`` lays out a page), ``handout`` (a puzzle's one-page rules), ``slides`` (a lesson's
opening slides), ``release`` (the student notebooks from the solution notebooks), ``classroom`` (a
class copy with the solutions hidden) and ``collecting`` (the learners' notebooks fetched from a hub).
Grading is :mod:`mathmaze_lib.grading`, beside this package: its worker runs as
``python -m mathmaze_lib.grading.worker`` inside the sandbox, and learners' notebooks that import it
are flagged by that name.
"""
