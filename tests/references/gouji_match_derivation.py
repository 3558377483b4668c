"""The Gouji match's derivation of a hand's points and of the tribute it leaves to the next,
as ganzdy.gouji.match once computed them beside the engine (gouji.md §8-§9). The engine
scores each hand and takes each tribute itself; the tests compare it with this and with
gouji_match_reference.py."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ganzdy import GanzdyError
from ganzdy.gouji.match import PLAYERS, MatchOptions, opposite, team_of


def _check_places(places: Sequence[int]) -> list[int]:
    order = list(places)
    if sorted(order) != list(range(PLAYERS)):
        raise GanzdyError(f"places {order}: expected each seat 0 to 5 once, from 头科 to 大落")
    return order


def sweep_team(places: Sequence[int]) -> int | None:
    """The team that took 头科, 二科 and 三科 (串三户), or None."""
    order = _check_places(places)
    teams = {team_of(s) for s in order[:3]}
    return teams.pop() if len(teams) == 1 else None


def hand_points(places: Sequence[int], options: MatchOptions) -> list[int]:
    """Each seat's points for a hand finished in ``places`` (头科 first)."""
    order = _check_places(places)
    factor = 2 if sweep_team(order) is not None else 1
    points = [0] * PLAYERS
    for place, seat in enumerate(order):
        points[seat] = options.scoring[place] * factor
    return points


@dataclass(frozen=True)
class Due:
    """One tribute payment a previous hand calls for: its kind ('dian', 'shao', 'men'
    or 'luo'), payer, receiver and number of cards."""

    kind: str
    payer: int
    receiver: int
    count: int


def expected_tribute(previous: Mapping[str, Any], options: MatchOptions) -> list[Due]:
    """The payments, in paying order, that a hand's result (``GoujiOutcome.result``)
    calls for in the next hand (gouji.md §9); 宣点 amounts are the deal's
    (``xuandian`` is off by default), so they are not derived here."""
    if options.xuandian:
        raise GanzdyError("expected_tribute: the 宣点 amounts (xuandian=True) are the deal's")
    places = _check_places(previous["places"])
    if options.no_tribute_after_sweep and sweep_team(places) is not None:
        return []
    due = [Due("dian", s, opposite(s), 1) for s in sorted(previous.get("pointed", ()))]
    burns = sorted(previous.get("burns", ()), key=lambda pair: pair[1])
    due += [Due("shao", x, b, 1) for x, b in burns if team_of(x) != team_of(b)]
    due += [Due("men", p, q, 1) for p, q in sorted(previous.get("men", ()))]
    skip = options.laogong_same_team == "skip"
    for payer, receiver, count in ((places[5], places[0], 2), (places[4], places[1], 1)):
        if not (skip and team_of(payer) == team_of(receiver)):
            due.append(Due("luo", payer, receiver, count))
    return due
