"""Move ids: a stable integer per canonical move, computed by ranking (issue 4 §1)."""

import json
import random
from pathlib import Path

import numpy as np
import pytest

import ganzdy
from ganzdy import Move, Rules

RULE_SETS = [
    {"players": 4},
    {"players": 2},
    {"players": 3, "king_bomb": "small_plus_big", "stuck_leader": "allow_joker_only_final"},
    {"players": 5, "twos_in_runs": True, "joker_can_be_two": True, "min_naturals_per_combo": 2},
    {"players": 6, "triple_mode": "bomb", "max_jokers_per_combo": 1, "king_bomb": "any_two_jokers"},
    {
        "players": 4,
        "joker_wild": False,
        "king_bomb": "small_plus_big",
        "straight_max_len": 5,
        "pairs_max": 3,
    },
    {"players": 4, "triple_mode": "none", "twos_only_single_pair": True},
]
GOLDEN = Path(__file__).parent.parent / "data" / "gan_deng_yan" / "move_ids.json"


def rules_of(spec: dict[str, object]) -> Rules:
    return Rules("gan_deng_yan", **spec)  # type: ignore[arg-type]


def class_key(rules: Rules, move: Move) -> tuple[str, str, int, tuple[str, ...]]:
    distinct = rules.option("king_bomb") == "small_plus_big"
    classes = tuple(
        c if c in ("BJ", "RJ") and distinct else ("W" if c in ("BJ", "RJ") else c[0])
        for c in move.cards
    )
    return (move.kind, move.rank, move.length, classes)


@pytest.mark.parametrize(
    "spec", RULE_SETS, ids=lambda s: ",".join(f"{k}={v}" for k, v in s.items())
)
def test_every_id_round_trips(spec: dict[str, object]) -> None:
    rules = rules_of(spec)
    keys = set()
    for i in range(rules.num_moves):
        move = rules.move_from_id(i)
        assert rules.move_id(move) == i
        keys.add(class_key(rules, move))
    assert len(keys) == rules.num_moves  # one id per canonical class


def test_default_id_space_is_every_lead_of_the_fullest_hand_plus_pass() -> None:
    # design.md §4: eight of every rank plus four jokers has 22,623 legal leads.
    rules = Rules("gan_deng_yan", players=4)
    assert rules.num_moves == 22_623 + 1
    fullest = (
        " ".join(f"{r}{s}" for r in "3456789TJQKA2" for s in "shdc" for _ in range(2))
        + " BJ BJ RJ RJ"
    )
    leads = rules.legal_moves(fullest)
    assert sorted(rules.move_id(m) for m in leads) == list(range(1, rules.num_moves))


@pytest.mark.parametrize(
    "spec", RULE_SETS, ids=lambda s: ",".join(f"{k}={v}" for k, v in s.items())
)
def test_legal_ids_match_legal_moves_in_random_deals(spec: dict[str, object]) -> None:
    rules = rules_of(spec)
    rng = random.Random(5)
    for seed in range(15):
        deal = rules.new_deal(seed=seed, dealer=seed % rules.players)
        while not deal.is_terminal:
            moves = list(deal.legal_moves)
            ids = deal.legal_ids()
            assert ids.dtype == np.int32
            assert ids.tolist() == [rules.move_id(m) for m in moves]
            assert len(set(ids.tolist())) == len(ids)
            mask = deal.legal_mask()
            assert mask.dtype == np.bool_ and mask.shape == (rules.num_moves,)
            assert np.flatnonzero(mask).tolist() == sorted(ids.tolist())
            k = rng.randrange(len(ids))
            twin = deal.copy()
            twin.push(moves[k])
            deal.apply_id(int(ids[k]))
            assert deal.hash() == twin.hash()


def test_ids_are_pinned_by_golden_data() -> None:
    """Ids must not drift between releases or platforms: a sample is pinned on disk."""
    golden = json.loads(GOLDEN.read_text())
    for entry in golden["rules"]:
        rules = rules_of(entry["spec"])
        assert rules.num_moves == entry["num_moves"]
        for i, text in entry["sample"].items():
            assert str(rules.move_from_id(int(i))) == text


def test_bad_ids_and_moves() -> None:
    rules = Rules("gan_deng_yan", players=4)
    for bad in (-1, rules.num_moves, 10**12):
        with pytest.raises(ganzdy.IllegalMoveError, match="out of range"):
            rules.move_from_id(bad)
    with pytest.raises(ganzdy.IllegalMoveError, match="is not a combination"):
        rules.move_id(Move("king_bomb", "", "BJ RJ"))
    deal = rules.new_deal(seed=3)
    before = deal.hash()
    hand = deal.hand(deal.current_player)
    missing_rank = next(r for r in "3456789TJQKA2" if hand.count(r) == 0)
    absent = rules.move_id(Move("single", missing_rank, missing_rank + "s"))
    with pytest.raises(ganzdy.IllegalMoveError, match="does not hold"):
        deal.apply_id(absent)
    with pytest.raises(ganzdy.IllegalMoveError):
        deal.push_id(0)  # the leader may not pass
    assert deal.hash() == before
