"""Agents, seat views, matches between deals, the arena, and greedy against random."""

from __future__ import annotations

import io
import itertools
import random
from collections import Counter
from collections.abc import Sequence

import pytest

import ganzdy
from ganzdy._core import deal_seed
from ganzdy.agents import agent_name, find_move, known_agents
from ganzdy.match import derive_seed
from ganzdy.playouts import playouts

RULES = ganzdy.Rules("gan_deng_yan", players=4)
# Two players with one card each and no drawing: a hand of jokers alone is stuck, and
# now and then nobody can lead, about one deal in 5,000.
DRAWISH = ganzdy.Rules("gan_deng_yan", players=2, initial_hand_size=1, draw_policy="none")


def stacked(rules: ganzdy.Rules, hands: Sequence[str], dealer: int = 0) -> ganzdy.GanDengYanDeal:
    """A deal whose seats are dealt ``hands``: the deck stacked in dealing order.

    One card at a time from the dealer on, then the dealer's extra cards; the rest of
    the deck is the stock, in card order. Tests built on it do not depend on the shuffle.
    """
    n, size = rules.players, int(rules.option("initial_hand_size") or 0)
    cards = [list(ganzdy.Cards(hand)) for hand in hands]
    order = [cards[(dealer + k) % n][r] for r in range(size) for k in range(n)]
    order += cards[dealer][size:]
    order += list(rules.deck - ganzdy.Cards(" ".join(order)))
    deal = rules.new_deal(deck=order, dealer=dealer)
    assert [deal.hand(s) for s in range(n)] == [ganzdy.Cards(h) for h in hands]
    return deal


LEADER = ["3c 4c 8h 8d 9h 9c", "5d 6h Qs 2s RJ", "4c 6s Tc Js BJ", "7h 8d 9h Qd Kc"]
FOLLOWER = ["4d 5h 5d Ks Ks Ah", "5d 6h Qs 2s RJ", "4c 6s Tc Js BJ", "7h 8d 9h Qd Kc"]


def greedy_and_random(seed: int = 0) -> list[ganzdy.Agent]:
    return [ganzdy.GreedyAgent(), *(ganzdy.RandomAgent(seed + i) for i in range(1, 4))]


# -- seat views --------------------------------------------------------------------


def test_view_holds_only_what_the_seat_may_know() -> None:
    fields = set(ganzdy.SeatView.FIELDS)
    assert fields == {
        "seat",
        "players",
        "dealer",
        "rules",
        "hand",
        "hand_sizes",
        "stock_size",
        "table",
        "table_owner",
        "passes",
        "bombs_played",
        "played",
        "history",
        "out_seats",
        "legal_moves",
        "information",
        "phase",
        "level",
        "team_levels",
        "tribute",
        "resisted",
        "role",
        "active_seats",
        "opened",
        "has_head",
        "purchases",
        "payments",
    }
    deal = RULES.new_deal(seed=5, dealer=2)
    rng = random.Random(5)
    for _ in range(40):
        deal.push(rng.choice(list(deal.legal_moves)))
    view = ganzdy.view_for(deal)
    seat = deal.current_player
    assert view.seat == seat and view.dealer == 2 and view.players == 4
    assert view.hand == deal.hand(seat)
    assert view.hand_sizes == tuple(deal.hand_sizes) and view.stock_size == deal.stock_size
    assert view.played == deal.played and view.history == tuple(deal.history)
    assert view.legal_moves == tuple(deal.legal_moves) and view.ply == 40
    assert (view.table is None) == deal.table.is_pass
    # No other hand, no deck order and no seed anywhere in the view.
    others = [deal.hand(s) for s in range(4) if s != seat]
    values = [getattr(view, f) for f in fields]
    assert not any(isinstance(v, ganzdy.GanDengYanDeal) for v in values)
    assert not any(v == h for v in values for h in others if v != view.hand)
    assert deal.seed not in values and not hasattr(view, "deck")
    # The information set only samples worlds, the same ones the deal samples for the seat.
    info = view.information
    assert isinstance(info, ganzdy.GanDengYanInformationSet) and info.seat == seat
    assert info.hand == deal.hand(seat) and info.legal_moves == list(deal.legal_moves)
    for k in range(3):
        world, real = info.sample_world(k), deal.sample_world(seat, k)
        assert world.hash() == real.hash() and world.hand_sizes == real.hand_sizes
    with pytest.raises(AttributeError, match="no setter"):
        view.seat = 0  # type: ignore[misc]


def test_view_of_a_finished_deal_is_an_error() -> None:
    deal = ganzdy.play_deal(RULES, greedy_and_random(), seed=1)
    with pytest.raises(ganzdy.GanzdyError, match="the deal is over"):
        ganzdy.view_for(deal)


# -- agents ------------------------------------------------------------------------


class Checked:
    """Asserts each move its agent chooses is legal in the deal it sees."""

    def __init__(self, agent: ganzdy.Agent) -> None:
        self.agent = agent

    def act(self, view: ganzdy.SeatView) -> ganzdy.Move:
        move = self.agent.act(view)
        assert move in view.legal_moves
        return move


def test_agents_return_legal_moves() -> None:
    for options in ({"players": 4}, {"players": 3, "triple_mode": "bomb"}, {"players": 6}):
        rules = ganzdy.Rules("gan_deng_yan", **options)
        agents: list[ganzdy.Agent] = [
            Checked(ganzdy.GreedyAgent() if s % 2 else ganzdy.RandomAgent(s))
            for s in range(rules.players)
        ]
        for seed in range(5):
            deal = ganzdy.play_deal(rules, agents, seed=seed, dealer=seed % rules.players)
            assert deal.is_terminal


def test_random_agent_is_reproducible_from_its_seed() -> None:
    def moves(seed: int) -> list[tuple[int, ganzdy.Move]]:
        agents = [ganzdy.RandomAgent(seed + s) for s in range(4)]
        return ganzdy.play_deal(RULES, agents, seed=3).history

    assert moves(10) == moves(10) and moves(10) != moves(20)


def test_an_illegal_move_names_the_agent() -> None:
    class Cheat:
        name = "cheat"

        def act(self, view: ganzdy.SeatView) -> ganzdy.Move:
            return ganzdy.Move("single", "3", "3s") if view.table is None else ganzdy.Move("pass")

    agents: list[ganzdy.Agent] = [Cheat(), *greedy_and_random()[1:]]
    with pytest.raises(ganzdy.IllegalMoveError, match="agent 'cheat' at seat 0 played an illegal"):
        for seed in range(20):  # some deal deals seat 0 no 3s
            ganzdy.play_deal(RULES, agents, seed=seed, dealer=0)


def test_make_agent_specs() -> None:
    assert {"random", "greedy", "human"} <= set(known_agents())
    assert isinstance(ganzdy.make_agent("greedy"), ganzdy.GreedyAgent)
    a, b = ganzdy.make_agent("random:seed=3"), ganzdy.make_agent(" Random : seed=3 ")
    view = ganzdy.view_for(RULES.new_deal(seed=1))
    assert [a.act(view) for _ in range(20)] == [b.act(view) for _ in range(20)]
    assert agent_name(a) == "random"
    with pytest.raises(
        ganzdy.AgentError, match=r"unknown agent 'minimax'.*known agents are greedy"
    ):
        ganzdy.make_agent("minimax")
    with pytest.raises(ganzdy.AgentError, match="unknown parameter 'depth'; random takes seed"):
        ganzdy.make_agent("random:depth=3")
    with pytest.raises(ganzdy.AgentError, match="'seed' is not key=value"):
        ganzdy.make_agent("random:seed")

    class Fixed:
        def __init__(self, index: int = 0, scale: float = 1.0) -> None:
            self.index, self.scale = index, scale

        def act(self, view: ganzdy.SeatView) -> ganzdy.Move:
            return view.legal_moves[min(self.index, len(view.legal_moves) - 1)]

    ganzdy.register_agent("fixed", Fixed, "always the same index")
    fixed = ganzdy.make_agent("fixed:index=2:scale=0.5")
    assert isinstance(fixed, Fixed) and fixed.index == 2 and fixed.scale == 0.5
    assert isinstance(fixed, ganzdy.Agent)


# -- a person's move text ----------------------------------------------------------


def test_find_move_reads_numbers_pass_and_cards() -> None:
    lead = ganzdy.view_for(stacked(RULES, LEADER))
    assert str(find_move(lead, "2")) == "4c as single 4"
    assert str(find_move(lead, "8h 8d")) == "8h 8d as pair 8"
    assert str(find_move(lead, "8D 8H AS PAIR 8")) == "8h 8d as pair 8"
    assert str(find_move(lead, "9c")) == "9h as single 9"  # suits never matter
    assert str(find_move(lead, "8h 8d 9h 9c")) == "8h 8d 9h 9c as pairs 8-9"
    for text, error, message in [
        ("9", ganzdy.ParseError, "there is no move 9: choose 1 to 7"),
        ("", ganzdy.ParseError, "type a move number"),
        ("pass", ganzdy.IllegalMoveError, "you lead: the leader may not pass"),
        ("3h", ganzdy.IllegalMoveError, "does not hold 3h"),
        ("3c 4c", ganzdy.IllegalMoveError, "3c 4c is no combination"),
        ("8h 8d as pairs 8", ganzdy.IllegalMoveError, "cannot be played as pairs 8: it reads"),
        ("zz", ganzdy.ParseError, "bad card 'zz'"),
    ]:
        with pytest.raises(error, match=message):
            find_move(lead, text)
    deal = stacked(RULES, FOLLOWER)
    deal.push(deal.parse_move("4d"))
    follow = ganzdy.view_for(deal)
    assert find_move(follow, "pass").is_pass and find_move(follow, "1").is_pass
    assert str(find_move(follow, "5d")) == "5d as single 5"
    # The refusal gives the engine's reason (the deal's why_illegal).
    with pytest.raises(
        ganzdy.IllegalMoveError,
        match=r"Qs as single Q: single Q does not beat single 4 \(only single 5, single 2 or a "
        r"bomb does\)",
    ):
        find_move(follow, "Qs")


def test_find_move_lists_readings_of_wild_cards() -> None:
    view = ganzdy.view_for(stacked(RULES, ["3c 4s 5s 9s BJ RJ", *LEADER[1:]]))
    with pytest.raises(ganzdy.AmbiguousMoveError, match=r"4s 5s BJ RJ has .* legal readings"):
        find_move(view, "4s 5s BJ RJ")
    move = find_move(view, "4s 5s BJ RJ as straight 3-6")
    assert move.kind == "straight" and move.rank == "3"


def test_human_agent_asks_again_and_quits_on_end_of_input() -> None:
    view = ganzdy.view_for(stacked(RULES, LEADER))
    out = io.StringIO()
    human = ganzdy.HumanAgent(input=io.StringIO("zz\n42\npass\n?\n9c\n"), output=out)
    assert str(human.act(view)) == "9h as single 9"
    text = out.getvalue()
    assert "your hand: 3c 4c 8h 8d 9h 9c" in text and "seat 0 (you): 6" in text
    assert "bad card 'zz'" in text and "there is no move 42" in text
    assert "the leader may not pass; try again" in text and "playing 9h as single 9" in text
    assert text.count("your hand:") == 2  # '?' showed the view again
    with pytest.raises(ganzdy.Quit):
        ganzdy.HumanAgent(input=io.StringIO("zz\n"), output=io.StringIO()).act(view)
    with pytest.raises(ganzdy.Quit):
        ganzdy.HumanAgent(input=io.StringIO("q\n"), output=io.StringIO()).act(view)


# -- matches -----------------------------------------------------------------------


def test_match_passes_the_deal_to_the_previous_winner() -> None:
    match = ganzdy.GanDengYanMatch(RULES, greedy_and_random(), deals=12, seed=4)
    results = match.run()
    assert [r.number for r in results] == list(range(1, 13))
    assert results[0].dealer == derive_seed(4, 1) % 4
    for before, after in itertools.pairwise(results):
        assert after.dealer == before.winner
    assert sum(match.points) == 0
    assert match.points == [sum(r.points[s] for r in results) for s in range(4)]
    assert all(sum(r.points) == 0 and r.plies > 0 for r in results)
    assert match.finished
    with pytest.raises(ganzdy.GanzdyError, match="the match is over"):
        match.play_next()


def test_match_rotates_the_deal_when_the_rules_say_so() -> None:
    for direction, step in (("counter_clockwise", 1), ("clockwise", -1)):
        rules = ganzdy.Rules("gan_deng_yan", next_dealer="rotate", direction=direction)
        match = ganzdy.GanDengYanMatch(rules, greedy_and_random(), deals=6, seed=9, first_dealer=1)
        dealers = [r.dealer for r in match.run()]
        assert dealers == [(1 + step * k) % 4 for k in range(6)]


def test_a_drawn_deal_is_dealt_again_by_the_same_dealer(monkeypatch: pytest.MonkeyPatch) -> None:
    # Seat 0 deals itself 2c RJ and seat 1 a BJ: seat 0 leads the 2, seat 1 passes, and
    # then neither hand of a lone joker can lead. The first two deals are that one.
    stuck = stacked(DRAWISH, ["2c RJ", "BJ"])
    stuck.push(stuck.parse_move("2c"))
    stuck.push(stuck.parse_move("pass"))
    assert stuck.outcome.drawn and stuck.is_terminal and stuck.outcome.points == [0, 0]
    real_play_deal = ganzdy.match.play_deal
    dealt: list[tuple[int, int]] = []

    def draw_twice(
        rules: ganzdy.Rules, agents: Sequence[ganzdy.Agent], seed: int, dealer: int, **kw: object
    ) -> ganzdy.GanDengYanDeal:
        dealt.append((seed, dealer))
        return stuck.copy() if len(dealt) <= 2 else real_play_deal(rules, agents, seed, dealer)

    monkeypatch.setattr(ganzdy.gan_deng_yan.match, "play_deal", draw_twice)
    agents: list[ganzdy.Agent] = [ganzdy.GreedyAgent(), ganzdy.GreedyAgent()]
    match = ganzdy.GanDengYanMatch(DRAWISH, agents, deals=2, seed=1, first_dealer=0)
    first, second = match.run()
    assert first.redeals == 2 and match.redeals == 2 and match.dealt == 4
    assert [d for _, d in dealt[:3]] == [0, 0, 0]  # the same dealer deals again
    assert len({s for s, _ in dealt}) == 4  # with a fresh seed each time
    assert first.seed == dealt[2][0] and not first.drawn and first.winner is not None
    assert second.redeals == 0 and second.dealer == first.winner
    # With fewer re-deals allowed the draw stands: no points, and the dealer deals again.
    dealt.clear()
    match = ganzdy.GanDengYanMatch(DRAWISH, agents, deals=2, seed=1, first_dealer=1, max_redeals=1)
    stands, after = match.run()
    assert stands.drawn and stands.redeals == 1 and stands.winner is None
    assert stands.points == (0, 0) and after.dealer == stands.dealer == 1


def test_a_drawn_deal_in_real_play() -> None:
    # Search for a match whose first deal draws: 5775 did under the shuffle of this
    # writing, and about one seed in 5,000 does.
    agents: list[ganzdy.Agent] = [ganzdy.GreedyAgent(), ganzdy.GreedyAgent()]
    for seed in itertools.chain([5775], range(40_000)):
        match = ganzdy.GanDengYanMatch(DRAWISH, agents, deals=1, seed=seed)
        (result,) = match.run()
        if result.redeals:
            break
    else:
        pytest.fail("no drawn deal in 40,000 matches")
    first = ganzdy.play_deal(DRAWISH, agents, deal_seed(seed, 0), result.dealer)
    assert first.outcome.drawn and first.outcome.winner is None
    assert result.seed == deal_seed(seed, 1) and not result.drawn


def test_match_keeps_records_and_is_deterministic_for_a_seed() -> None:
    def run(seed: int) -> tuple[list[ganzdy.DealResult], list[int]]:
        match = ganzdy.GanDengYanMatch(RULES, greedy_and_random(seed), deals=5, seed=seed, keep_records=True)
        return match.run(), match.points

    results, points = run(77)
    assert run(77) == (results, points)
    assert run(78)[0] != results
    for result in results:
        assert result.record is not None
        assert result.record["agents"] == ["greedy", "random", "random", "random"]
        replayed = ganzdy.from_record(result.record)
        assert replayed.seed == result.seed and replayed.ply == result.plies
        assert tuple(replayed.outcome.points) == result.points


def test_match_reports_moves_as_they_happen() -> None:
    seen: list[tuple[int, str]] = []
    match = ganzdy.GanDengYanMatch(
        RULES,
        greedy_and_random(),
        deals=1,
        seed=2,
        on_move=lambda d, s, m: seen.append((s, str(m))),
    )
    match.run()
    assert match.last_deal is not None
    assert seen == [(s, str(m)) for s, m in match.last_deal.history]


# -- the arena ---------------------------------------------------------------------


def test_arena_rotates_every_agent_through_every_seat() -> None:
    seatings: list[Sequence[str]] = []
    decks: list[list[str]] = []

    def on_deal(number: int, deal: ganzdy.GanDengYanDeal, seated: Sequence[str]) -> None:
        seatings.append(list(seated))
        decks.append(deal.deck)

    result = ganzdy.arena(RULES, ["greedy", "random", "random", "random"], 8, 5, on_deal=on_deal)
    assert seatings[0] == ["greedy", "random#1", "random#2", "random#3"]
    assert seatings[1] == ["random#1", "random#2", "random#3", "greedy"]
    seats = Counter((label, seat) for seated in seatings for seat, label in enumerate(seated))
    assert set(seats.values()) == {2}  # each agent, each seat, twice in 8 deals
    # Duplicate play: the four deals of a group share one deck.
    assert decks[0] == decks[3] and decks[4] == decks[7] and decks[0] != decks[4]
    assert [s.deals for s in result.standings] == [8] * 4
    assert sum(s.points for s in result.standings) == 0
    assert sum(s.wins for s in result.standings) == 8 - result.drawn
    again = ganzdy.arena(RULES, ["greedy", "random", "random", "random"], 8, 5)
    assert [s.points for s in again.standings] == [s.points for s in result.standings]
    assert "greedy" in result.table() and "deals/s" in result.table()


def test_arena_takes_one_agent_for_every_seat_and_rejects_a_bad_count() -> None:
    result = ganzdy.arena(RULES, ["random"], 4, seed=1, rotate=False)
    assert [s.agent for s in result.standings] == [f"random#{i}" for i in range(1, 5)]
    with pytest.raises(ganzdy.GanzdyError, match="3 agents for 4 seats"):
        ganzdy.arena(RULES, ["random"] * 3, 4, seed=1)
    with pytest.raises(ganzdy.AgentError, match="unknown agent 'grredy'"):
        ganzdy.arena(RULES, ["grredy", "random", "random", "random"], 4, seed=1)


def test_greedy_beats_random() -> None:
    """Evaluation: one greedy seat (rotating) against three random ones, 2,000 deals."""
    result = ganzdy.arena(RULES, ["greedy", "random", "random", "random"], 2000, seed=2026)
    greedy = result.standings[0]
    print(
        f"\ngreedy vs 3 random, {greedy.deals} four-player deals: "
        f"win rate {greedy.win_rate:.3f} ± {greedy.win_rate_ci:.3f}, "
        f"points/deal {greedy.points_mean:+.2f} ± {greedy.points_ci:.2f} (95% CI), "
        f"{result.deals_per_second:.0f} deals/s"
    )
    print(result.table())
    assert greedy.deals == 2000
    assert greedy.win_rate - greedy.win_rate_ci > 0.25  # clearly more than one deal in four
    assert greedy.points_mean - greedy.points_ci > 0


def test_arena_without_rotation_plays_the_deals_of_a_playouts_batch() -> None:
    """The Python driver and the C++ batch agree: greedy is deterministic, so the same
    seed gives the same deals, dealers, moves and points."""
    result = ganzdy.arena(RULES, ["greedy"], 24, seed=99, rotate=False)
    batch = playouts(RULES, 24, "greedy", seed=99, threads=1)
    assert [s.points for s in result.standings] == [int(p) for p in batch.points.sum(axis=0)]
    assert [s.wins for s in result.standings] == [
        int((batch.winner == seat).sum()) for seat in range(4)
    ]
