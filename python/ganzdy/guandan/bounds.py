"""The least and the most points one seat can get in one deal of Guandan (OpenSpiel's
utility bounds: ``ganzdy.games.Game.point_bounds``)."""

from __future__ import annotations

from ganzdy._core import Rules


def point_bounds(rules: Rules) -> tuple[float, float]:
    """Winners get +upgrade, losers -upgrade; the largest upgrade is the table's first."""
    top = float(str(rules.option("upgrade_table")).split("-")[0])
    return (-top, top)
