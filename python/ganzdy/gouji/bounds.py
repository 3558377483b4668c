"""The least and the most points one seat can get in one deal of Gouji (OpenSpiel's
utility bounds: ``ganzdy.games.Game.point_bounds``)."""

from __future__ import annotations

from ganzdy._core import Rules


def point_bounds(rules: Rules) -> tuple[float, float]:
    """Points by place from the scoring table, doubled after 串三户."""
    table = [int(p) for p in str(rules.option("scoring")).split(",")]
    return (2.0 * min(table), 2.0 * max(table))
