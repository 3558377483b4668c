"""Gouji agents and C++ playouts: what a seat sees, the greedy policy's rules in every
phase, batch self-play (the same for any thread count) and playouts from a position."""

from __future__ import annotations

import math

import numpy as np
import pytest

import ganzdy
from ganzdy import GoujiDeal, Move, Rules
from ganzdy._core import deal_seed, gouji_greedy_index
from ganzdy.match import drive

RULES = Rules("gouji")
ALL = [0, 1, 2, 3, 4, 5]
SIZES = [30] * 6


def group(cards: str, rank: str) -> Move:
    return Move("group", rank, cards)


def choose(
    hand: str,
    table: Move | None = None,
    owner: int | None = None,
    *,
    seat: int = 0,
    role: str | None = None,
    sizes: list[int] | None = None,
    opened: list[int] | None = None,
    anyone_out: bool = True,
    head: bool = True,
    extra: list[Move] | None = None,
) -> Move:
    """The greedy choice in play among the moves the rules allow from `hand`."""
    legal = list(RULES.legal_moves(hand, table))
    if table is not None:
        legal = [Move("pass"), *(extra or []), *legal]
    role = role or ("lead" if table is None else "answer")
    sizes = sizes or [len(hand.split()) if s == seat else 30 for s in range(6)]
    i = gouji_greedy_index(
        RULES,
        seat,
        "play",
        hand,
        table,
        owner,
        role,
        sizes,
        ALL,
        opened or [],
        head,
        anyone_out,
        legal,
    )
    return legal[i]


# -- what a seat sees --------------------------------------------------------------


def test_gouji_view_holds_the_public_state_and_its_own_hand() -> None:
    previous = {"places": [0, 3, 4, 5, 2, 1], "pointed": [2]}
    deal = next(
        d
        for d in (GoujiDeal(RULES, seed, previous=previous) for seed in range(50))
        if d.phase == "return"
    )
    view = ganzdy.view_for(deal)
    assert view.seat == deal.current_player and view.phase == "return"
    assert view.hand == deal.hand(view.seat) and view.role is None
    assert [repr(p) for p in view.payments] == [repr(p) for p in deal.tribute]
    assert len(view.payments) == 3
    assert view.active_seats == tuple(ALL) and view.opened == () and view.has_head
    drive_to_play = [ganzdy.GreedyAgent() for _ in range(6)]
    while deal.phase != "play":
        seat = deal.current_player
        assert seat is not None
        deal.push(drive_to_play[seat].act(ganzdy.view_for(deal)))
    view = ganzdy.view_for(deal)
    assert view.role == "lead" and view.table is None and view.dealer == deal.first_leader
    assert view.history == tuple(deal.history) and view.passes == 0
    assert all(p.returned for p in view.payments)


# -- the greedy policy in play ---------------------------------------------------------


def test_greedy_plays_out_when_it_can() -> None:
    assert choose("9s 9h 2s").cards == ganzdy.Cards("9s 9h 2s")
    # Under 憋三 the 3s go last, all together.
    assert choose("3s 3h").cards == ganzdy.Cards("3s 3h")


def test_greedy_leads_its_cheapest_play_whole() -> None:
    move = choose("4s 4h 5s 9s 9h 9d 2s BJ")
    assert move.cards == ganzdy.Cards("4s 4h")


def test_greedy_leads_for_a_point_while_it_matters() -> None:
    hand = "4s 4h Qs Qh Qd 9s"
    assert choose(hand, anyone_out=False).cards == ganzdy.Cards("Qs Qh Qd")
    # Not once it has opened, nor once somebody is out, nor headless.
    assert choose(hand, anyone_out=False, opened=[0]).cards == ganzdy.Cards("4s 4h")
    assert choose(hand).cards == ganzdy.Cards("4s 4h")
    assert choose(hand, anyone_out=False, head=False).cards == ganzdy.Cards("4s 4h")


def test_greedy_lets_its_teammate_win() -> None:
    assert choose("8s 8h 9s", group("7s 7h", "7"), owner=2).is_pass
    assert choose("8s 8h 9s", group("7s 7h", "7"), owner=4, extra=[Move("yield")]).is_pass


def test_greedy_beats_cheapest_without_splitting_a_rank() -> None:
    move = choose("8s 8h 8d 9s 9h 2s BJ 5s", group("7s 7h", "7"), owner=1)
    assert move.cards == ganzdy.Cards("9s 9h")
    assert not choose(
        "8s 8h 8d 9s 9h 5s", group("7s 7h", "7"), owner=1, extra=[Move("yield")]
    ).is_pass


def test_greedy_keeps_twos_and_jokers_back_unless_needed() -> None:
    table = group("As", "A")  # one A is no gouji card
    assert choose("2s BJ 5s 6s", table, owner=1).is_pass
    # An opponent about to go out: the cheapest beat, a 2 before a joker.
    danger = [4, 5, 30, 30, 30, 30]
    assert choose("2s BJ 5s 6s", table, owner=1, sizes=danger).cards == ganzdy.Cards("2s")
    # A teammate short of cards is no reason.
    calm = [4, 30, 5, 30, 30, 30]
    assert choose("2s BJ 5s 6s", table, owner=1, sizes=calm).is_pass


def test_greedy_keeps_gouji_cards_for_gouji_cards() -> None:
    table = group("9s 9h", "9")
    assert choose("As Ah 5s 6s", table, owner=1).is_pass
    assert choose("Ts Th As Ah 5s", table, owner=1).cards == ganzdy.Cards("Ts Th")
    danger = [5, 5, 30, 30, 30, 30]
    assert choose("As Ah 5s 6s", table, owner=1, sizes=danger).cards == ganzdy.Cards("As Ah")
    # Answering a gouji card takes one: the cheapest without jokers or 2s.
    assert choose("As Ah 5s 6s", group("Ks Kh", "K"), owner=5).cards == ganzdy.Cards("As Ah")


def test_greedy_answers_its_opposites_gouji_card() -> None:
    table = group("Ks Kh", "K")
    assert choose("2s 2h BJ 5s 6s", table, owner=3).cards == ganzdy.Cards("2s 2h")
    # Not an unrestricted opponent's, which it leaves.
    assert choose("2s 2h BJ 5s 6s", table, owner=1).is_pass


def test_greedy_beats_when_the_rest_is_then_one_play() -> None:
    assert choose("2s 9s 9h", group("As", "A"), owner=1).cards == ganzdy.Cards("2s")


def test_greedy_burns_only_to_go_out_soon() -> None:
    table = group("Qs Qh Qd", "Q")
    short = choose("Ks Kh Kd 5s 5h BJ 3s", table, owner=0, seat=1, role="burn")
    assert short.cards == ganzdy.Cards("Ks Kh Kd")
    long_hand = "Ks Kh Kd 5s 5h BJ 3s 6s 6h 7s 7h 8s 8h"
    assert choose(long_hand, table, owner=0, seat=1, role="burn").is_pass


# -- the greedy policy before play ------------------------------------------------------


def test_greedy_choices_before_play() -> None:
    def pick(phase: str, hand: str, legal: list[Move], active: list[int] = ALL) -> Move:
        i = gouji_greedy_index(
            RULES, 0, phase, hand, None, None, None, SIZES, active, [], True, False, legal
        )
        return legal[i]

    buys = [Move("buy", "", "2s"), Move("buy", "", "BJ"), Move("buy", "", "RJ")]
    assert pick("buy", "2s BJ RJ 5s", buys) == buys[0]
    returns = [Move("return", "", c) for c in ("5s", "9s", "3s", "Ks")]
    assert pick("return", "5s 5h 9s 3s 3h Ks", returns).cards == ganzdy.Cards("3s")
    assert pick("return", "5s 9s 9h 9d Ks", returns[:2]).cards == ganzdy.Cards("5s")
    revolt = [Move("pass"), Move("revolt")]
    assert pick("revolt", "5s 6s", revolt).kind == "revolt"
    # Somebody revolted already: a second revolution would void the hand.
    assert pick("revolt", "5s 6s", revolt, active=[0, 1, 2, 4, 5]).is_pass
    assert pick("yaotou", "5s", [Move("wutou"), Move("yaotou")]).kind == "yaotou"
    assert pick("xuandian", "5s", [Move("pass"), Move("xuandian")]).is_pass


def test_gouji_greedy_index_refuses_bad_views() -> None:
    legal = list(RULES.legal_moves("5s 6s", None))
    args = (ALL, [], True, False)
    with pytest.raises(ganzdy.RulesError, match="gouji_greedy_index: for Gouji only, not for guandan"):
        gouji_greedy_index(
            Rules("guandan"), 0, "play", "5s", None, None, "lead", SIZES, *args, legal
        )
    with pytest.raises(ganzdy.RulesError, match="phase 'trick'"):
        gouji_greedy_index(RULES, 0, "trick", "5s 6s", None, None, "lead", SIZES, *args, legal)
    with pytest.raises(ganzdy.RulesError, match="role"):
        gouji_greedy_index(RULES, 0, "play", "5s 6s", None, None, None, SIZES, *args, legal)
    with pytest.raises(ganzdy.IllegalMoveError, match="no move of the buy phase"):
        gouji_greedy_index(RULES, 0, "buy", "5s 6s", None, None, None, SIZES, *args, legal)
    with pytest.raises(ganzdy.IllegalMoveError, match="no move of the play phase"):
        gouji_greedy_index(RULES, 0, "play", "7s", None, None, "lead", SIZES, *args, legal)
    with pytest.raises(ganzdy.RulesError, match="table_owner"):
        gouji_greedy_index(
            RULES,
            0,
            "play",
            "5s 6s",
            group("4s", "4"),
            None,
            "answer",
            SIZES,
            *args,
            [Move("pass")],
        )
    with pytest.raises(ganzdy.RulesError, match="seat 9"):
        gouji_greedy_index(
            RULES, 0, "play", "5s 6s", None, None, "lead", SIZES, [9], [], True, False, legal
        )
    with pytest.raises(ganzdy.IllegalMoveError, match="no legal move"):
        gouji_greedy_index(RULES, 0, "play", "5s 6s", None, None, "lead", SIZES, *args, [])


# -- playouts ----------------------------------------------------------------------


def test_python_agents_play_the_hands_of_a_batch() -> None:
    """Hand i of a first-hand batch is GoujiDeal(rules, deal_seed(seed, i)): the Python
    agents, through their seat views, play it exactly as the C++ batch does."""
    batch = ganzdy.playouts(RULES, 6, agents="greedy", seed=4, threads=2, tribute=False)
    for i in range(6):
        deal = drive(GoujiDeal(RULES, deal_seed(4, i)), [ganzdy.GreedyAgent()] * 6)
        assert deal.ply == batch.plies[i]
        assert deal.outcome.points == batch.points[i].tolist()
        order = deal.outcome.finish_order
        assert (order[0] if order else -1) == batch.winner[i]


def test_deal_playout_matches_python_greedy_through_the_phases_before_play() -> None:
    deal = GoujiDeal(RULES, 10, previous={"places": [0, 3, 4, 5, 2, 1], "pointed": [1, 4]})
    before = deal.hash()
    outcome = deal.playout("greedy", seed=1)
    assert deal.hash() == before and deal.ply == 0
    played = drive(deal.copy(), [ganzdy.GreedyAgent()] * 6)
    assert played.outcome == outcome
    assert deal.playout("random", seed=5) == deal.playout("random", seed=5)
    mixed = deal.playout(["greedy", "random"] * 3, seed=5)
    assert mixed.over and sum(mixed.points) == 0
    # From a position in play.
    while deal.phase != "play":
        deal.push(deal.legal_moves[0])
    for _ in range(10):
        deal.push(deal.legal_moves[-1])
    assert deal.playout("greedy", seed=2).over


def test_gouji_batches_do_not_depend_on_threads() -> None:
    agents = ["greedy", "random", "random", "greedy", "greedy", "random"]
    one = ganzdy.playouts(RULES, 60, agents=agents, seed=9, threads=1)
    two = ganzdy.playouts(RULES, 60, agents=agents, seed=9, threads=2)
    three = ganzdy.playouts(RULES, 60, agents=agents, seed=9, threads=3)
    for name in ("points", "winner", "plies", "bombs"):
        assert np.array_equal(one[name], two[name]) and np.array_equal(one[name], three[name])
    first = ganzdy.playouts(RULES, 60, agents=agents, seed=9, threads=2, tribute=False)
    assert not np.array_equal(one.plies, first.plies)


@pytest.mark.parametrize(
    "options",
    [{}, {"scoring": "4,2,0,0,-2,-4"}, {"biesan": False, "burn_illegal_mode": "penalize"}],
)
def test_gouji_batch_invariants(options: dict[str, object]) -> None:
    rules = Rules("gouji", **options)  # type: ignore[arg-type]
    n = 120
    result = ganzdy.playouts(rules, n, agents="random", seed=1, threads=2)
    assert result.points.shape == (n, 6) and (result.points.sum(axis=1) == 0).all()
    void = (result.points == 0).all(axis=1) & (result.winner == -1)
    assert ((result.winner >= 0) & (result.winner < 6) | void).all()
    scale = 2 if options.get("scoring") else 1
    allowed = {p * scale for p in (-4, -2, -1, 0, 1, 2, 4)}
    assert set(result.points.flatten().tolist()) <= allowed
    assert (result.bombs == 0).all() and (result.plies[~void] >= 36).all()


def test_greedy_team_beats_random_team() -> None:
    """Seats swapped: greedy as team 0, then as team 1, over the same 200 seeds."""
    a = ganzdy.playouts(RULES, 200, agents=["greedy", "random"] * 3, seed=2, threads=2)
    b = ganzdy.playouts(RULES, 200, agents=["random", "greedy"] * 3, seed=2, threads=2)
    greedy = np.concatenate([a.points[:, 0::2].sum(axis=1), b.points[:, 1::2].sum(axis=1)])
    decided = greedy[greedy != 0]
    rate = float((decided > 0).mean())
    assert rate - 1.96 * math.sqrt(rate * (1 - rate) / len(decided)) > 0.7


def test_gouji_playout_arguments() -> None:
    with pytest.raises(ganzdy.RulesError, match="6 policies"):
        ganzdy.playouts(RULES, 5, agents=["random"] * 4)
    with pytest.raises(ganzdy.RulesError, match="unknown built-in policy"):
        GoujiDeal(RULES, 1).playout("ismcts")
    assert ganzdy.playouts(RULES, 0, seed=1).points.shape == (0, 6)
