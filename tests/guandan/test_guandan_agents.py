"""Guandan agents and C++ playouts: what a seat sees, the greedy policy's rules, batch self-play."""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import pytest

import ganzdy
from ganzdy import GuandanDeal, Move, Rules
from ganzdy._core import deal_seed, greedy_index
from ganzdy.match import drive

RULES = Rules("guandan")


def first_paying(seed_from: int = 123456) -> GuandanDeal:
    """A deal after a 1-2 finish of seats 0 and 2 whose tribute is not resisted."""
    for seed in range(seed_from, seed_from + 50):
        deal = GuandanDeal(RULES, seed, previous_finish=[0, 2])
        if not deal.resisted:
            return deal
    raise AssertionError("no unresisted deal")


# -- what a seat sees --------------------------------------------------------------


def test_guandan_view_holds_only_what_the_seat_may_know() -> None:
    deal = first_paying()
    # Seat 1 pays first; seat 3 must not see its card before both have paid.
    assert deal.current_player == 1 and deal.phase == "tribute"
    deal.push(deal.legal_moves[0])
    view = ganzdy.view_for(deal)
    assert view.seat == 3 and view.phase == "tribute" and view.history == ()
    assert [t.card for t in view.tribute] == [None, None]
    assert view.level == "2" and view.team_levels == ("2", "2")
    # For search: an information set of the seat's own, which keeps no hidden card.
    assert isinstance(view.information, ganzdy.GuandanInformationSet)
    assert view.information.seat == 3 and view.information.hand == deal.hand(3)
    deal.push(deal.legal_moves[0])
    # Both cards moved, face up: the receivers see them and choose a card to give back.
    first = ganzdy.view_for(deal)
    assert first.phase == "return" and len(first.history) == 2
    assert all(t.card is not None for t in first.tribute)
    deal.push(first.legal_moves[-1])
    second = ganzdy.view_for(deal)
    assert second.seat != first.seat and second.phase == "return"
    # The first return card is given face down: the second receiver does not see it.
    assert len(second.history) == 2 and all(t.returned is None for t in second.tribute)
    deal.push(second.legal_moves[0])
    # In play each payer sees the card it got back, and only that one.
    for payer in (1, 3):
        seen = deal.seen_history(payer)
        returns = [(s, m) for s, m in seen if m.kind == "return"]
        (mine,) = [p for p in deal.tribute if p.payer == payer]
        assert returns == [(mine.receiver, Move("return", "", mine.returned))]
    view = ganzdy.view_for(deal)
    assert view.phase == "play" and view.table is None and view.dealer == deal.first_leader
    others = [deal.hand(s) for s in range(4) if s != view.seat]
    values = [getattr(view, name) for name in ganzdy.SeatView.FIELDS]
    assert not any(isinstance(v, GuandanDeal) for v in values)
    assert not any(v == h for v in values for h in others)
    assert deal.seed not in values


def test_guandan_views_count_bombs_and_list_seats_out_in_order() -> None:
    deal = GuandanDeal(RULES, 3)
    agents = [ganzdy.RandomAgent(s) for s in range(4)]
    views: list[ganzdy.SeatView] = []

    class Watch:
        def __init__(self, agent: ganzdy.Agent) -> None:
            self.agent = agent

        def act(self, view: ganzdy.SeatView) -> Move:
            views.append(view)
            return self.agent.act(view)

    drive(deal, [Watch(a) for a in agents])
    last = views[-1]
    assert last.bombs_played == sum(m.is_bomb for _, m in deal.history[: last.ply])
    assert list(last.out_seats) == deal.finish_order[: len(last.out_seats)]


# -- the greedy policy -------------------------------------------------------------


def choose(
    hand: str,
    table: Move | None = None,
    owner: int | None = None,
    sizes: Sequence[int] = (27, 27, 27, 27),
    rules: Rules = RULES,
    seat: int = 0,
) -> Move:
    moves = rules.legal_moves(hand, table)
    if table is not None:
        moves = [Move("pass"), *moves]
    sizes = list(sizes)
    sizes[seat] = len(ganzdy.Cards(hand))
    return moves[greedy_index(rules, seat, hand, table, owner, sizes, [], moves)]


def test_greedy_plays_out_when_it_can() -> None:
    assert choose("7s 7h 7d 9c 9c") == Move("full_house", "7", "7s 7h 7d 9c 9c")
    assert choose("5s 6d 7c 8c 9h", Move("straight", "3", "3s 4s 5d 6h 7d"), 1) == Move(
        "straight", "5", "5s 6d 7c 8c 9h"
    )


def test_greedy_leads_its_smallest_combination_shedding_more() -> None:
    assert choose("3s 3h 4d 8c 8d 8s Kc") == Move("pair", "3", "3s 3h")
    # 3 is a single, 4 a pair: the lowest key first.
    assert choose("3s 4h 4d Kc") == Move("single", "3", "3s")
    # A bomb is led only when nothing else is left; a bomb is not broken to lead.
    assert choose("5s 5h 5d 5c 6s 7d").kind == "single"
    assert choose("5s 5h 5d 5c 6s 7d").cards.count("5s") == 0


def test_greedy_lets_its_partner_win() -> None:
    assert choose("Ts Ks As", Move("single", "9", "9d"), owner=2).is_pass
    assert choose("Ts Ks As", Move("single", "9", "9d"), owner=1) == Move("single", "T", "Ts")


def test_greedy_keeps_bombs_back_unless_an_opponent_is_about_to_go_out() -> None:
    table = Move("single", "A", "Ad")
    assert choose("5s 5h 5d 5c 3s 8h 9h", table, owner=1).is_pass
    danger = choose("5s 5h 5d 5c 3s 8h 9h", table, owner=1, sizes=(0, 5, 27, 27))
    assert danger == Move("bomb", "5", "5s 5h 5d 5c")
    # A partner close to going out is no danger.
    assert choose("5s 5h 5d 5c 3s 8h 9h", table, owner=1, sizes=(0, 27, 3, 27)).is_pass


def test_greedy_bombs_when_the_rest_then_plays_out() -> None:
    table = Move("single", "A", "Ad")
    assert choose("5s 5h 5d 5c 3s 3h", table, owner=1) == Move("bomb", "5", "5s 5h 5d 5c")
    assert choose("5s 5h 5d 5c 3s 4h", table, owner=1).is_pass


def test_greedy_spends_no_wild_on_a_cheap_beat() -> None:
    # Level 2: 2h is wild. 9s beats 8 without it.
    assert choose("2h 9s Kd Kc", Move("single", "8", "8d"), owner=3) == Move("single", "9", "9s")


def tribute_choice(hand: str, rules: Rules = RULES) -> str:
    deal_rules = rules
    values = {m.cards for m in deal_rules.legal_moves(hand)}  # only to check the hand parses
    assert values
    cards = ganzdy.Cards(hand)
    top = max(
        (c for c in cards if c != "2h"),
        key=lambda c: (
            17
            if c == "RJ"
            else 16
            if c == "BJ"
            else 15
            if c[0] == "2"
            else "3456789TJQKA".index(c[0]) + 3
        ),
    )
    choices = [Move("tribute", "", c) for c in sorted(set(cards)) if c[0] == top[0] and c != "2h"]
    order = {"s": 0, "h": 1, "d": 2, "c": 3}
    choices.sort(key=lambda m: order[str(m.cards)[1]])
    sizes = [27, 27, 27, 27]
    return str(choices[greedy_index(rules, 1, hand, None, None, sizes, [], choices)].cards)


def test_greedy_pays_the_tribute_card_that_keeps_a_straight_flush() -> None:
    assert tribute_choice("As Ad Ks Qs Js Ts 5c 6d") == "Ad"
    assert tribute_choice("Ad As Kd Qd Jd Td 5c 6d") == "As"
    assert tribute_choice("As Ad Ac 5c 6d") == "As"  # the lowest suit when nothing is at stake


def test_greedy_returns_its_least_useful_card() -> None:
    def give_back(hand: str) -> str:
        choices = [Move("return", "", c) for c in hand.split()]
        sizes = [28, 26, 27, 27]
        index = greedy_index(RULES, 0, hand + " RJ Ks", None, None, sizes, [], choices)
        return str(choices[index].cards)

    assert give_back("3s 3h 5d 9s") == "5d"  # a lone card before a pair, the lowest first
    assert give_back("3s 9s 9h") == "3s"
    # 5d belongs to a diamond straight flush: 9s goes instead.
    assert give_back("3d 4d 5d 6d 7d 9s") == "9s"


def test_greedy_picks_the_higher_tribute_card() -> None:
    choices = [Move("pick", "", "As"), Move("pick", "", "BJ")]
    assert greedy_index(RULES, 0, "3s", None, None, [27] * 4, [], choices) == 1


def test_greedy_index_refuses_moves_of_another_game_or_phase() -> None:
    with pytest.raises(ganzdy.IllegalMoveError, match="no move of the play phase"):
        greedy_index(RULES, 0, "3s 4s", None, None, [27] * 4, [], [Move("single", "3", "3s 4s")])
    with pytest.raises(ganzdy.IllegalMoveError, match="no move of the tribute phase"):
        greedy_index(
            RULES,
            0,
            "3s 4s",
            None,
            None,
            [27] * 4,
            [],
            [Move("tribute", "", "3s"), Move("single", "4", "4s")],
        )
    with pytest.raises(ganzdy.IllegalMoveError, match="does not hold As"):
        greedy_index(RULES, 0, "3s 4s", None, None, [27] * 4, [], [Move("tribute", "", "As")])
    with pytest.raises(ganzdy.RulesError, match="table_owner"):
        greedy_index(
            RULES, 0, "3s 4s", Move("single", "3", "3d"), None, [27] * 4, [], [Move("pass")]
        )


# -- playouts ----------------------------------------------------------------------


def test_python_agents_play_the_hands_of_a_batch() -> None:
    """Hand i of a first-hand batch is GuandanDeal(rules, deal_seed(seed, i)): the Python
    greedy agent, through its seat view, plays it exactly as the C++ batch does."""
    batch = ganzdy.playouts(RULES, 12, agents="greedy", seed=4, threads=2, tribute=False)
    for i in range(12):
        deal = drive(GuandanDeal(RULES, deal_seed(4, i)), [ganzdy.GreedyAgent()] * 4)
        assert deal.ply == batch.plies[i]
        assert deal.outcome.points == batch.points[i].tolist()
        assert deal.outcome.finish_order[0] == batch.winner[i]
        assert sum(m.is_bomb for _, m in deal.history) == batch.bombs[i]


def test_deal_playout_matches_python_greedy_through_the_tribute() -> None:
    deal = first_paying(10)
    before = deal.hash()
    outcome = deal.playout("greedy", seed=1)
    assert deal.hash() == before and deal.ply == 0
    played = drive(deal.copy(), [ganzdy.GreedyAgent()] * 4)
    assert played.outcome == outcome
    assert deal.playout("random", seed=5) == deal.playout("random", seed=5)
    mixed = deal.playout(["greedy", "random", "greedy", "random"], seed=5)
    assert mixed.over and sum(mixed.points) == 0


def test_guandan_batches_do_not_depend_on_threads() -> None:
    agents = ["greedy", "random", "random", "greedy"]
    one = ganzdy.playouts(RULES, 200, agents=agents, seed=9, threads=1)
    two = ganzdy.playouts(RULES, 200, agents=agents, seed=9, threads=2)
    for name in ("points", "winner", "plies", "bombs"):
        assert np.array_equal(one[name], two[name])
    first = ganzdy.playouts(RULES, 200, agents=agents, seed=9, threads=2, tribute=False)
    assert not np.array_equal(one.plies, first.plies)


@pytest.mark.parametrize(
    "options", [{}, {"level": "A"}, {"double_tribute_assignment": "first_picks", "level": "7"}]
)
def test_guandan_batch_invariants(options: dict[str, object]) -> None:
    rules = Rules("guandan", **options)  # type: ignore[arg-type]
    result = ganzdy.playouts(rules, 300, agents="random", seed=1, threads=2)
    assert result.points.shape == (300, 4) and (result.points.sum(axis=1) == 0).all()
    assert ((result.winner >= 0) & (result.winner < 4)).all()
    winners = result.points[np.arange(300), result.winner]
    assert set(winners.tolist()) <= {1, 2, 3}
    partners = result.points[np.arange(300), (result.winner + 2) % 4]
    assert np.array_equal(winners, partners)
    # Random play: tribute choices, then at least 27 plies to shed a hand.
    assert (result.plies >= 27).all() and (result.bombs >= 0).all()


def test_greedy_team_beats_random_team() -> None:
    """Seats rotated: greedy as team 0, then as team 1, over the same 300 seeds."""
    a = ganzdy.playouts(RULES, 300, agents=["greedy", "random"] * 2, seed=2, threads=2)
    b = ganzdy.playouts(RULES, 300, agents=["random", "greedy"] * 2, seed=2, threads=2)
    wins = np.concatenate([a.winner % 2 == 0, b.winner % 2 == 1])
    rate = wins.mean()
    assert rate - 1.96 * math.sqrt(rate * (1 - rate) / len(wins)) > 0.9


def test_guandan_playout_arguments() -> None:
    with pytest.raises(ganzdy.RulesError, match="tribute= is for games whose hands pay tribute; gan_deng_yan"):
        ganzdy.playouts(Rules("gan_deng_yan", players=4), 5, tribute=True)
    with pytest.raises(ganzdy.RulesError, match="4 policies"):
        ganzdy.playouts(RULES, 5, agents=["random"] * 3)
    with pytest.raises(ganzdy.RulesError, match="unknown built-in policy"):
        GuandanDeal(RULES, 1).playout("ismcts")
    assert ganzdy.playouts(RULES, 0, seed=1).points.shape == (0, 4)
