"""A slow, obviously correct reading of gouji.md §8-§9: what a finished Gouji hand
scores, and what tribute it leaves to the next hand. Written from the rules file alone,
to check ganzdy.gouji_match and the deal against."""

from __future__ import annotations

from typing import Any

PLACE_POINTS = {
    "2,1,0,0,-1,-2": [2, 1, 0, 0, -1, -2],
    "4,2,0,0,-2,-4": [4, 2, 0, 0, -2, -4],
}


def is_team_mate(a: int, b: int) -> bool:
    # Teams are {0, 2, 4} and {1, 3, 5}.
    return (a in (0, 2, 4) and b in (0, 2, 4)) or (a in (1, 3, 5) and b in (1, 3, 5))


def is_chuan_san_hu(places: list[int]) -> bool:
    """串三户: one team holds 头科, 二科 and 三科."""
    first, second, third = places[0], places[1], places[2]
    return is_team_mate(first, second) and is_team_mate(second, third)


def points(places: list[int], scoring: str = "2,1,0,0,-1,-2") -> list[int]:
    """Points by seat for places listed 头科 first (§8)."""
    table = PLACE_POINTS[scoring]
    by_seat = {}
    for place in range(6):
        value = table[place]
        if is_chuan_san_hu(places):
            value = value * 2
        by_seat[places[place]] = value
    return [by_seat[seat] for seat in range(6)]


def tribute(
    previous: dict[str, Any], laogong_same_team: str = "skip"
) -> list[tuple[str, int, int, int]]:
    """(kind, payer, receiver, cards) in paying order: 点, 烧, 闷, 落 (§9)."""
    places = list(previous["places"])
    if is_chuan_san_hu(places):
        return []  # no tribute after 串三户
    out: list[tuple[str, int, int, int]] = []
    # 点贡: every 点-ed player pays its 对家 one card (mutual when both were 点-ed).
    for seat in range(6):
        if seat in previous.get("pointed", []):
            out.append(("dian", seat, (seat + 3) % 6, 1))
    # 烧贡: the burned player pays the successful burner one card, between opponents.
    for burner in range(6):
        for burned, by in previous.get("burns", []):
            if by == burner and not is_team_mate(burned, burner):
                out.append(("shao", burned, burner, 1))
    # 闷贡: the 闷-ed player pays the player who 闷-ed it one card.
    for seat in range(6):
        for menned, by in previous.get("men", []):
            if menned == seat:
                out.append(("men", menned, by, 1))
    # 落贡: 大落 pays 头科 two cards, 二落 pays 二科 one; teammates skip under 'skip'.
    da_luo, er_luo, tou_ke, er_ke = places[5], places[4], places[0], places[1]
    if laogong_same_team == "pay" or not is_team_mate(da_luo, tou_ke):
        out.append(("luo", da_luo, tou_ke, 2))
    if laogong_same_team == "pay" or not is_team_mate(er_luo, er_ke):
        out.append(("luo", er_luo, er_ke, 1))
    return out
