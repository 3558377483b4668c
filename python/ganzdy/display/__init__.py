"""How ganzdy shows cards and moves to people, shared by the terminal, the web app and
Jupyter: legal plays grouped by what they do (``groups``), the terminal's card text in
colour with suit symbols (``text``), and cards drawn as SVG (``svg``, the drawings the web
page uses too). Nothing here decides a rule: wild cards and legal moves come from the
engine."""

from __future__ import annotations

from ganzdy.display.groups import MoveGroup, group_moves, wild_cards

__all__ = ["MoveGroup", "group_moves", "wild_cards"]
