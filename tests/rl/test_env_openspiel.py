"""The OpenSpiel bridge, checked with OpenSpiel's own tools.

``pyspiel.random_sim_test`` (clone, serialization, legal-action and chance checks,
returns within the utility bounds), ``MCTSBot`` and ``ISMCTSBot`` playing deals against
uniform random bots, the RL environment with ``RandomAgent``; then what the bridge
adds: observations equal to ganzdy's, no leak of hidden cards, exact chance
probabilities, reproducible deals, determinization, honest utility bounds.
"""

from __future__ import annotations

import doctest
import json
import math
import random
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python import rl_environment
from open_spiel.python.algorithms import ismcts, mcts, random_agent
from open_spiel.python.observation import make_observation

import ganzdy
from ganzdy.env import openspiel as gos
from ganzdy.games import game_of

GAME_NAME = game_of("gan_deng_yan").openspiel_name

DOCS = Path(__file__).resolve().parents[2] / "docs"

VARIANTS: list[dict[str, Any]] = [
    {},
    {"players": 2},
    {"players": 3, "end_condition": "ranking", "direction": "clockwise"},
    {"players": 5, "draw_policy": "winner_only", "dealer": 3},
    {
        "players": 6,
        "triple_mode": "bomb",
        "king_bomb": "small_plus_big",
        "bomb_weight": True,
        "stuck_leader": "allow_joker_only_final",
    },
]


def load(**params: Any) -> Any:
    return pyspiel.load_game(GAME_NAME, params)


def deal_out(state: Any, rng: random.Random) -> Any:
    """Play the chance nodes of ``state`` (the shuffle) with their probabilities."""
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        faces, probs = zip(*outcomes, strict=True)
        state.apply_action(rng.choices(faces, probs)[0])
    return state


def random_states(game: Any, deals: int, seed: int) -> list[Any]:
    """Every decision state of ``deals`` random deals (clones)."""
    rng = random.Random(seed)
    states = []
    for _ in range(deals):
        state = deal_out(game.new_initial_state(), rng)
        while not state.is_terminal():
            states.append(state.clone())
            state.apply_action(rng.choice(state.legal_actions()))
        states.append(state.clone())
    return states


# -- OpenSpiel's own tests -------------------------------------------------------------


@pytest.mark.parametrize(
    "params", VARIANTS, ids=lambda p: ",".join(map(str, p.items())) or "default"
)
def test_random_sim_test_passes(params: dict[str, Any]) -> None:
    game = load(**params)
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


def test_game_type_and_info() -> None:
    assert GAME_NAME in pyspiel.registered_names()
    game = load()
    kind = game.get_type()
    assert kind.short_name == "python_gan_deng_yan"
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert kind.provides_information_state_string and kind.provides_observation_tensor
    assert not kind.provides_information_state_tensor
    rules = ganzdy.Rules("gan_deng_yan", players=4)
    assert game.num_players() == 4
    assert game.num_distinct_actions() == rules.num_moves == 22624
    assert game.max_chance_outcomes() == 54
    assert game.max_game_length() == 108 * 4
    assert game.observation_tensor_shape() == list(rules.observation_shape)
    assert (game.min_utility(), game.max_utility()) == gos.utility_bounds(rules)
    assert game.utility_sum() == 0.0


def test_mcts_bot_plays_whole_deals_against_random() -> None:
    game = load(players=2)
    rng = np.random.RandomState(1)
    bot = mcts.MCTSBot(game, 10.0, 12, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    for deal in range(2):
        seats = [bot, pyspiel.make_uniform_random_bot(1, deal)]
        state = game.new_initial_state()
        returns = pyspiel.evaluate_bots(state, seats, deal)
        assert state.is_terminal() and returns == state.returns()
        assert sum(returns) == 0 and returns != [0.0, 0.0]
        assert game.min_utility() <= min(returns) <= max(returns) <= game.max_utility()


def test_ismcts_bot_plays_whole_deals_against_random() -> None:
    game = load(players=3)
    rng = np.random.RandomState(2)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 10.0, 8, random_state=rng)
    bot.set_resampler(gos.make_resampler(5))
    state = game.new_initial_state()
    seats = [bot, pyspiel.make_uniform_random_bot(1, 1), pyspiel.make_uniform_random_bot(2, 2)]
    returns = pyspiel.evaluate_bots(state, seats, 7)
    assert state.is_terminal() and sum(returns) == 0


def test_ismcts_uses_resample_from_infostate_itself() -> None:
    # Without set_resampler, ISMCTSBot calls state.resample_from_infostate(player,
    # pyspiel.UniformProbabilitySampler(0, 1)): the state's own method.
    game = load(players=2)
    rng = np.random.RandomState(3)
    bot = ismcts.ISMCTSBot(game, gos.PlayoutEvaluator(1, random_state=rng), 10.0, 10)
    state = deal_out(game.new_initial_state(), random.Random(4))
    action = bot.step(state)
    assert action in state.legal_actions()


def test_playout_evaluator_drives_mcts() -> None:
    game = load(players=4)
    rng = np.random.RandomState(5)
    bot = mcts.MCTSBot(game, 10.0, 30, gos.PlayoutEvaluator(2, random_state=rng), random_state=rng)
    seats = [bot] + [pyspiel.make_uniform_random_bot(p, p) for p in (1, 2, 3)]
    state = game.new_initial_state()
    returns = pyspiel.evaluate_bots(state, seats, 11)
    assert state.is_terminal() and sum(returns) == 0


def test_rl_environment_with_random_agents() -> None:
    game = load(players=3)
    env = rl_environment.Environment(game, seed=3)
    num_actions = env.action_spec()["num_actions"]
    agents = [random_agent.RandomAgent(p, num_actions) for p in range(3)]
    step = env.reset()
    assert len(step.observations["info_state"][0]) == game.observation_tensor_size()
    while not step.last():
        seat = step.observations["current_player"]
        step = env.step([agents[seat].step(step).action])
    assert sum(step.rewards) == 0 and any(step.rewards)


# -- chance ------------------------------------------------------------------------------


def test_chance_outcomes_are_exact_and_sum_to_one() -> None:
    game = load()
    state = game.new_initial_state()
    rng = random.Random(6)
    left = Counter(ganzdy.Rules("gan_deng_yan", players=4).deck)
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert sum(p for _, p in outcomes) == pytest.approx(1.0, abs=1e-12)
        total = sum(left.values())
        assert {game.faces[f]: p for f, p in outcomes} == {
            face: n / total for face, n in left.items() if n
        }
        assert [f for f, _ in outcomes] == state.legal_actions()
        face = rng.choices(*zip(*outcomes, strict=True))[0]
        assert state.action_to_string(pyspiel.PlayerId.CHANCE, face) == f"deal {game.faces[face]}"
        left[game.faces[face]] -= 1
        state.apply_action(face)
    assert len(state.history()) == 108 == game.max_chance_nodes_in_history()


def test_the_same_chance_outcomes_give_the_same_deal() -> None:
    game = load(dealer=2)
    rules = ganzdy.Rules("gan_deng_yan", players=4)
    reference = rules.new_deal(seed=7, dealer=2)
    chances = [game.face_index[card] for card in reference.deck]
    one, two = game.new_initial_state(), game.new_initial_state()
    for face in chances:
        one.apply_action(face)
        two.apply_action(face)
    assert one.deal.deck == two.deal.deck == reference.deck
    assert one.deal.hash() == two.deal.hash() == reference.hash()
    assert str(one) == str(two)
    while not one.is_terminal():  # and the same actions after them: the same deal
        action = one.legal_actions()[len(one.history()) % 2 - 1]
        one.apply_action(action)
        two.apply_action(action)
        reference.push_id(action)
    assert one.deal.hash() == two.deal.hash() == reference.hash()
    assert one.returns() == two.returns() == [float(p) for p in reference.outcome.points]
    assert one.information_state_string(1) == two.information_state_string(1)


def test_a_chance_outcome_with_no_card_left_is_refused() -> None:
    game = load(players=2)
    state = game.new_initial_state()
    state.apply_action(0)
    with pytest.raises(ValueError, match="none left"):
        state.apply_action(0)  # one pack: one 3s


# -- parameters --------------------------------------------------------------------------


def test_parameters_cover_every_option() -> None:
    spec = gos.parameter_specification("gan_deng_yan")
    assert set(spec) == {"players", "dealer", *ganzdy.Rules("gan_deng_yan").options}
    assert spec["score_cap"] == -1 and spec["packs"] == 0 and spec["triple_mode"] == "step"


def test_parameters_reach_the_rules() -> None:
    game = pyspiel.load_game(
        "python_gan_deng_yan(players=3,triple_mode=bomb,score_cap=20,king_bomb=any_two_jokers)"
    )
    assert game.rules == ganzdy.Rules(
        "gan_deng_yan", players=3, triple_mode="bomb", score_cap=20, king_bomb="any_two_jokers"
    )
    assert game.rules.option("bomb_min_size") == 3  # derived from triple_mode
    assert gos.rules_from_params({"players": 2}, "gan_deng_yan").packs == 1
    assert gos.rules_from_params({"players": 2, "packs": 2}, "gan_deng_yan").packs == 2
    assert (
        gos.rules_from_params({"max_jokers_per_combo": 0}, "gan_deng_yan").option(
            "max_jokers_per_combo"
        )
        == 0
    )
    assert (
        gos.rules_from_params({"max_jokers_per_combo": -1}, "gan_deng_yan").option(
            "max_jokers_per_combo"
        )
        is None
    )
    assert (game.min_utility(), game.max_utility()) == (-20.0, 40.0)


def test_bad_parameters_say_why() -> None:
    with pytest.raises(ganzdy.RulesError, match="triple_mode='three' is not allowed"):
        gos.rules_from_params({"triple_mode": "three"}, "gan_deng_yan")
    with pytest.raises(ValueError, match="unknown parameter"):
        gos.rules_from_params({"jokers": 3}, "gan_deng_yan")
    with pytest.raises(ValueError, match="dealer=4 is not a seat"):
        load(dealer=4)


# -- observations ----------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 4])
def test_observation_tensors_are_ganzdys(players: int) -> None:
    game = load(players=players)
    perfect = make_observation(
        game,
        pyspiel.IIGObservationType(
            perfect_recall=False, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS
        ),
    )
    public = make_observation(
        game,
        pyspiel.IIGObservationType(perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE),
    )
    spec = game.rules.observation_spec()
    assert list(perfect.dict) == [s.name for s in game.rules.observation_spec(perfect=True)]
    assert list(public.dict) == [s.name for s in spec if s.name not in ("hand", "unseen")]
    for state in random_states(game, 2, seed=players)[::7]:
        for seat in range(players):
            expected = state.deal.observation(seat)
            assert np.array_equal(np.array(state.observation_tensor(seat), np.float32), expected)
            perfect.set_from(state, seat)
            assert np.array_equal(perfect.tensor, state.deal.observation(seat, perfect=True))
            public.set_from(state, seat)
            for s in spec:
                if s.name in public.dict:
                    assert np.array_equal(public.dict[s.name], expected[s.start : s.stop])


@pytest.mark.parametrize("params", VARIANTS[1:3], ids=["2p", "ranking"])
def test_information_states_kept_up_to_date_match_the_records(params: dict[str, Any]) -> None:
    game = load(**params)
    observer = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    for state in random_states(game, 2, seed=14)[::3]:
        for seat in range(game.num_players()):
            text = state.information_state_string(seat)
            assert observer._text(state, seat, [text.splitlines()[0]], True) == text
            assert text.count("\n") == 1 + len(state.deal.history) + sum(
                1 for _, who, _ in state._draws if who == seat
            )


def test_observations_while_dealing_show_only_the_seats_own_cards() -> None:
    game = load(players=3)
    state = game.new_initial_state()
    for face in ["7s", "8s", "9s", "Ts"]:  # seat 0 is dealt 7s and Ts (3 players)
        state.apply_action(game.face_index[face])
    assert state.is_chance_node()
    assert state.information_state_string(0).endswith("dealt: 7s Ts")
    assert state.information_state_string(1).endswith("dealt: 8s")
    assert state.observation_string(2).endswith("dealt: 9s")
    assert not any(state.observation_tensor(0))


def swapped_twin(game: Any, deck: Sequence[str], a: int, b: int) -> tuple[Any, Any]:
    """Two states dealt ``deck`` and ``deck`` with positions ``a`` and ``b`` swapped."""
    other = list(deck)
    other[a], other[b] = other[b], other[a]
    states = []
    for order in (deck, other):
        state = game.new_initial_state()
        for card in order:
            state.apply_action(game.face_index[card])
        states.append(state)
    return states[0], states[1]


# Every view of one seat: perfect recall or not, with public information or without,
# with the seat's own cards or none.
SEAT_VIEWS = [
    pyspiel.IIGObservationType(perfect_recall=recall, public_info=public, private_info=private)
    for recall in (False, True)
    for public in (True, False)
    for private in (pyspiel.PrivateInfoType.SINGLE_PLAYER, pyspiel.PrivateInfoType.NONE)
]


def views(state: Any, seat: int) -> list[Any]:
    """The strings and tensors of ``seat``: the state's own and every SEAT_VIEWS observer."""
    seen: list[Any] = [
        state.information_state_string(seat),
        state.observation_string(seat),
        state.observation_tensor(seat),
    ]
    game = state.get_game()
    for kind in SEAT_VIEWS:
        observer = game.make_py_observer(kind)
        observer.set_from(state, seat)
        seen.append(observer.string_from(state, seat))
        seen.append(None if observer.tensor is None else observer.tensor.tolist())
    return seen


def test_a_seat_sees_nothing_of_the_other_hands_or_the_stock() -> None:
    game = load(players=4)
    rules = game.rules
    checked = 0
    for seed in range(4):
        deck = rules.new_deal(seed=seed).deck
        # Position 1 is seat 1's first card, position 2 seat 2's; the stock starts at 21.
        for a, b in [(1, 2), (1, 60), (3, 90)]:
            if deck[a] == deck[b]:
                continue
            one, two = swapped_twin(game, deck, a, b)
            if a == 1:  # the test can see a difference: seat 1's own view changed
                assert views(one, 1) != views(two, 1)
            rng = random.Random(seed)
            while not one.is_terminal():
                # Until seat 0 draws a swapped card or one is played, it cannot tell.
                if one.deal.played != two.deal.played or any(
                    seat == 0 and place in (a, b) for _, seat, place in one._draws
                ):
                    break
                assert views(one, 0) == views(two, 0)
                checked += 1
                legal = set(one.legal_actions()) & set(two.legal_actions())
                if one.current_player() != two.current_player() or not legal:
                    break  # the swapped cards changed the play
                action = rng.choice(sorted(legal))
                one.apply_action(action)
                two.apply_action(action)
    assert checked > 500


def test_strings_show_the_seats_view() -> None:
    game = load(players=4)
    rules = game.rules
    deal = rules.new_deal(seed=7, dealer=0)
    state = game.new_initial_state()
    for card in deal.deck:
        state.apply_action(game.face_index[card])
    state.apply_action(game.rules.move_id(deal.parse_move("6s")))
    for _ in range(3):
        state.apply_action(0)  # three passes end the trick: everyone draws
    info = state.information_state_string(1)
    assert info.splitlines() == [
        "python_gan_deng_yan, 4 players, dealer 0; seat 1",
        "dealt: 6h 7h Jd Kc 2s",
        "0: 6s as single 6",
        "1: pass",
        "2: pass",
        "3: pass",
        f"drew {deal.deck[22]}",  # seat 0 won the trick and drew first, deck[21]
    ]
    observation = state.observation_string(1).splitlines()
    assert observation[1] == f"hand: {state.deal.hand(1)}"
    assert "table: lead" in observation and "to act: 0" in observation
    for seat in (0, 2, 3):
        assert str(state.deal.hand(seat)) not in "\n".join(views(state, 1)[:2])
    # The information state is kept up to date as the deal goes; worked out afresh from
    # the state's records, it is the same.
    observer = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    for seat in range(4):
        header = state.information_state_string(seat).splitlines()[0]
        assert observer._text(state, seat, [header], True) == state.information_state_string(seat)
    assert state.action_to_string(0, 121) == "6s as single 6"
    assert state.action_to_string(0, 0) == "pass"


# -- clone, determinization ---------------------------------------------------------------


def test_clone_is_independent() -> None:
    game = load(players=4)
    state = deal_out(game.new_initial_state(), random.Random(8))
    state.apply_action(state.legal_actions()[0])
    twin = state.clone()
    assert str(twin) == str(state) and twin.history() == state.history()
    twin.apply_action(twin.legal_actions()[0])
    assert len(twin.history()) == len(state.history()) + 1
    assert twin.deal.ply == state.deal.ply + 1


def test_undo_is_not_forwarded_to_python_games() -> None:
    # docs/openspiel.md, Limits: pyspiel's PyState has no UndoAction; clone() instead.
    game = load(players=2)
    state = deal_out(game.new_initial_state(), random.Random(16))
    action = state.legal_actions()[0]
    state.apply_action(action)
    with pytest.raises(pyspiel.SpielError, match="UndoAction"):
        state.undo_action(0, action)


@pytest.mark.parametrize(
    "params",
    [
        *VARIANTS[:4],
        # Rules under which the public moves say something of the hidden cards.
        {"players": 3, "first_leader": "lowest_card"},
        {"players": 3, "must_play_two_first": True, "forbid_final_single_two": True},
    ],
    ids=["default", "2p", "ranking", "winner_only", "lowest_card", "twos"],
)
def test_resampled_states_keep_what_the_seat_knows(params: dict[str, Any]) -> None:
    game = load(**params)
    rng = random.Random(9)
    players = game.num_players()
    hidden_changed = 0
    for state in random_states(game, 2, seed=10)[::5]:
        seat = state.current_player()
        if seat < 0:
            continue
        world = state.resample_from_infostate(seat, rng.random)
        assert world.information_state_string(seat) == state.information_state_string(seat)
        assert world.observation_string(seat) == state.observation_string(seat)
        assert world.observation_tensor(seat) == state.observation_tensor(seat)
        assert world.legal_actions() == state.legal_actions()
        assert world.current_player() == seat
        dealt = game.max_chance_nodes_in_history()
        assert world.history()[dealt:] == state.history()[dealt:]
        others = [s for s in range(players) if s != seat]
        if any(world.deal.hand(s) != state.deal.hand(s) for s in others):
            hidden_changed += 1
        # The world plays on like any state.
        world.apply_action(world.legal_actions()[-1])
    assert hidden_changed > 5


def test_resampling_during_the_deal_keeps_the_seats_cards() -> None:
    game = load(players=2)
    state = game.new_initial_state()
    rng = random.Random(11)
    for _ in range(6):
        state.apply_action(rng.choices(*zip(*state.chance_outcomes(), strict=True))[0])
    world = state.resample_from_infostate(0, rng.random)
    assert world.is_chance_node() and len(world.history()) == 6
    assert world.information_state_string(0) == state.information_state_string(0)
    assert world.history()[0::2] == state.history()[0::2]  # seat 0 deals itself 0, 2, 4


def test_a_seat_passed_over_as_leader_held_only_jokers_in_every_world() -> None:
    # docs/rules/gan_deng_yan.md, "Stuck leader": the dealer leads a straight keeping
    # one joker, draws the other, and holding only jokers cannot lead: seat 1 leads.
    game = load(players=2)
    hands = [["3s", "4s", "5s", "6s", "7s", "BJ"], ["9h", "9d", "Jc", "Qc", "Kc"]]
    order = [hands[s][r] for r in range(5) for s in range(2)] + ["BJ", "RJ", "2h"]
    deck = order + list(game.rules.deck - ganzdy.Cards(" ".join(order)))
    state = game.new_initial_state()
    for card in deck:
        state.apply_action(game.face_index[card])
    state.apply_action(game.rules.move_id(state.deal.parse_move("3s 4s 5s 6s 7s")))
    state.apply_action(0)
    assert state.current_player() == 1 and state.deal.hand(0) == ganzdy.Cards("BJ RJ")
    assert state._skips == [(1, 0, 2)]
    rng = random.Random(15)
    for _ in range(20):
        world = state.resample_from_infostate(1, rng.random)
        assert world.deal.hand(0) == ganzdy.Cards("BJ RJ")  # the only world there is
        assert world.information_state_string(1) == state.information_state_string(1)


def test_resampled_worlds_are_spread_over_the_unseen_cards() -> None:
    # Seat 0 at the first lead: each card it has not seen lands in seat 1's hand about
    # 5 times in 48 (5 of the 48 unseen cards of one pack are in seat 1's hand).
    game = load(players=2)
    state = deal_out(game.new_initial_state(), random.Random(12))
    unseen = ganzdy.Rules("gan_deng_yan", players=2).deck - state.deal.hand(0)
    rng = random.Random(13)
    counts: Counter[str] = Counter()
    samples = 960
    for _ in range(samples):
        counts.update(state.resample_from_infostate(0, rng.random).deal.hand(1))
    assert set(counts) <= set(unseen)
    expected = samples * 5 / 48
    assert all(0.5 * expected < counts[c] < 1.5 * expected for c in unseen)


# -- utilities --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"players": 2},
        {"players": 6, "bomb_held_factor": True, "two_held_factor": True, "shutout_factor": True},
        {"triple_mode": "bomb", "bomb_weight": True, "king_bomb": "any_two_jokers"},
        {"additive_bombs": True, "shutout_flat": 20, "joker_factor_once": True},
    ],
)
def test_utility_bounds_hold_over_many_deals(options: dict[str, Any]) -> None:
    rules = ganzdy.Rules("gan_deng_yan", **options)
    low, high = gos.utility_bounds(rules)
    assert low < 0 < high and -low <= high <= -low * (rules.players - 1)
    result = ganzdy.playouts(rules, 3000, agents="random", seed=1, threads=1)
    assert result.points.min() >= low and result.points.max() <= high


def test_utility_bounds_by_hand() -> None:
    # Two players, one pack: the loser holds both jokers and c cards after b bombs of
    # four, c + 4b <= 53, and pays c x 2^(2 + b): at most 5 x 2^14 (b = 12).
    assert gos.utility_bounds(ganzdy.Rules("gan_deng_yan", players=2)) == (-81920.0, 81920.0)
    capped = ganzdy.Rules("gan_deng_yan", players=5, score_cap=100)
    assert gos.utility_bounds(capped) == (-100.0, 400.0)
    small = ganzdy.Rules("gan_deng_yan", players=3, multiplier_cap=1, base=2)
    # Multiplier 1: a loser pays 2 x its cards, at most 108 - 1 - 1 (the winner's last
    # play and the other loser's card); both together hold at most 107.
    assert gos.utility_bounds(small) == (-212.0, 214.0)


# -- Guandan and Gouji: the same adapter over the deal contract ---------------------------

CARD_VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("python_guandan", {}),
    ("python_guandan", {"level": "#7", "first_lead_first_hand": "seat0", "dealer": 2}),
    ("python_guandan", {"wild_enabled": False, "first_lead_first_hand": "turned_card"}),
    ("python_gouji", {}),
    ("python_gouji", {"scoring": "#4;2;0;0;-2;-4", "burn_illegal_mode": "penalize"}),
    ("python_gouji", {"biesan": False, "leader": 3, "beat_mode": "cover", "dealer": 5}),
]


def card_id(variant: tuple[str, dict[str, Any]]) -> str:
    name, params = variant
    return name + "(" + ",".join(f"{k}={v}" for k, v in params.items()) + ")"


@pytest.mark.parametrize("variant", CARD_VARIANTS, ids=card_id)
def test_card_games_pass_random_sim_test(variant: tuple[str, dict[str, Any]]) -> None:
    name, params = variant
    game = pyspiel.load_game(name, params)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("game_name", ["guandan", "gouji"])
def test_card_game_type_and_info(game_name: str) -> None:
    name = gos.GAME_NAMES[game_name]
    assert name in pyspiel.registered_names()
    game = pyspiel.load_game(name)
    kind = game.get_type()
    assert kind.short_name == name
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    rules = ganzdy.Rules(game_name)
    assert game.rules == rules
    assert game.num_players() == rules.players
    assert game.num_distinct_actions() == gos.MAX_MOVES
    assert game.max_chance_outcomes() == len(set(rules.deck)) == 54
    assert game.max_game_length() == 2 * len(rules.deck) * rules.players
    size = len(rules.new_deal(seed=1).observation(0))
    assert game.observation_tensor_shape() == [size]
    assert game.utility_sum() == 0.0


def test_card_game_utility_bounds_follow_the_scoring() -> None:
    bounds = {
        ("python_guandan", "{}"): (-3.0, 3.0),
        ("python_guandan", '{"upgrade_table": "#4-2-1"}'): (-4.0, 4.0),
        ("python_gouji", "{}"): (-4.0, 4.0),
        ("python_gouji", '{"scoring": "#4;2;0;0;-2;-4"}'): (-8.0, 8.0),
    }
    for (name, text), expected in bounds.items():
        game = pyspiel.load_game(name, json.loads(text))
        assert (game.min_utility(), game.max_utility()) == expected


@pytest.mark.parametrize("variant", CARD_VARIANTS, ids=card_id)
def test_card_game_actions_are_the_deals_legal_moves(variant: tuple[str, dict[str, Any]]) -> None:
    name, params = variant
    game = pyspiel.load_game(name, params)
    rng = random.Random(card_id(variant))
    for _ in range(2):
        state = game.new_initial_state()
        chance = 0
        while state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert math.isclose(sum(p for _, p in outcomes), 1.0)
            state.apply_action(rng.choices(*zip(*outcomes, strict=True))[0])
            chance += 1
        assert chance == game.max_chance_nodes_in_history() or chance == len(game.rules.deck)
        deal = state.deal
        assert deal.ply == 0 and list(deal.deck) == [game.faces[f] for f in state._deck]
        plies = 0
        while not state.is_terminal():
            seat = state.current_player()
            assert seat == deal.current_player
            legal = state.legal_actions()
            moves = list(deal.legal_moves)
            assert legal == list(range(len(moves)))
            pick = rng.choice(legal)
            assert state.action_to_string(seat, pick) == str(moves[pick])
            assert state.action_of(moves[pick]) == pick
            state.apply_action(pick)
            assert deal.history[-1] == (seat, moves[pick])
            plies += 1
        assert plies <= game.max_game_length()
        assert state.returns() == [float(p) for p in deal.outcome.points]
        assert sum(state.returns()) == 0.0
        low, high = game.min_utility(), game.max_utility()
        assert all(low <= r <= high for r in state.returns())


def test_card_game_first_leader_is_chance_only_when_the_rules_leave_it() -> None:
    random_lead = pyspiel.load_game("python_guandan")
    assert random_lead.leader_chance and random_lead.max_chance_nodes_in_history() == 109
    given = pyspiel.load_game("python_guandan", {"leader": 2})
    seat0 = pyspiel.load_game("python_guandan", {"first_lead_first_hand": "seat0"})
    gouji = pyspiel.load_game("python_gouji")
    assert not given.leader_chance and not seat0.leader_chance and not gouji.leader_chance
    deck = ganzdy.Rules("guandan").new_deal(seed=5).deck
    state = random_lead.new_initial_state()
    for card in deck:
        state.apply_action(random_lead.face_index[card])
    assert state.is_chance_node()
    assert state.chance_outcomes() == [(s, 0.25) for s in range(4)]
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 3) == "seat 3 leads"
    state.apply_action(3)
    assert state.deal.current_player == 3 == state.current_player()


def test_card_game_parameters_reach_the_rules() -> None:
    for rules in (
        ganzdy.Rules("guandan", level="7", a_fail_limit=None, upgrade_table="4-2-1"),
        ganzdy.Rules("guandan", a_pass_results="1-2", return_max_rank="any"),
        ganzdy.Rules("gouji", scoring="4,2,0,0,-2,-4", gouji_thresholds="T5 J4 Q3"),
        ganzdy.Rules("gouji", gouji_thresholds="", yaotou_grace_plays=0),
    ):
        game = gos.game_of(rules, dealer=1)
        assert game.rules == rules and game.dealer == 1
        again = pyspiel.load_game(str(game))
        assert again.rules == rules


def test_card_game_bad_parameters_say_why() -> None:
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'players'"):
        pyspiel.load_game("python_guandan", {"players": 4})
    with pytest.raises(ValueError, match="unknown parameter"):
        gos.rules_from_params({"players": 4}, "guandan")
    with pytest.raises(ganzdy.RulesError, match="level"):
        pyspiel.load_game("python_guandan", {"level": "Z"})
    with pytest.raises(ValueError, match="leader=6 is not a seat"):
        pyspiel.load_game("python_gouji", {"leader": 6})
    with pytest.raises(ValueError, match="dealer=4 is not a seat"):
        pyspiel.load_game("python_guandan", {"dealer": 4})


@pytest.mark.parametrize("game_name", ["guandan", "gouji"])
def test_card_game_information_states_recall_everything_seen(game_name: str) -> None:
    game = pyspiel.load_game(gos.GAME_NAMES[game_name], {"leader": 0})
    rng = random.Random(game_name)
    state = deal_out(game.new_initial_state(), rng)
    players = game.num_players()
    before = [state.information_state_string(s) for s in range(players)]
    for s in range(players):
        assert f"hand: {state.deal.hand(s)}" in before[s]
        assert np.array_equal(state.observation_tensor(s), state.deal.observation(s))
    while not state.is_terminal():
        seat = state.current_player()
        action = rng.choice(state.legal_actions())
        text = state.action_to_string(seat, action)
        state.apply_action(action)
        after = [state.information_state_string(s) for s in range(players)]
        for s in range(players):
            # Perfect recall: what a seat knew stays, one line more a ply.
            assert (
                after[s].startswith(before[s]) and after[s].count("\n") == before[s].count("\n") + 1
            )
            assert (text in after[s].splitlines()[-1]) == (s == seat) or text == "pass"
            assert np.array_equal(state.observation_tensor(s), state.deal.observation(s))
            assert f"hand: {state.deal.hand(s)}" in state.observation_string(s)
        before = after


def test_card_game_strings_while_dealing_show_nothing_hidden() -> None:
    game = pyspiel.load_game("python_gouji")
    state = game.new_initial_state()
    state.apply_action(0)
    for seat in range(6):
        assert state.observation_string(seat).endswith("dealing: 1 of 216 cards")
        assert state.information_state_string(seat) == state.observation_string(seat)
        assert not any(state.observation_tensor(seat))


def test_card_game_rl_environment_with_random_agents() -> None:
    game = pyspiel.load_game("python_guandan", {"leader": 1})
    env = rl_environment.Environment(game, seed=4)
    num_actions = env.action_spec()["num_actions"]
    agents = [random_agent.RandomAgent(p, num_actions) for p in range(4)]
    step = env.reset()
    while not step.last():
        seat = step.observations["current_player"]
        step = env.step([agents[seat].step(step).action])
    assert sum(step.rewards) == 0 and any(step.rewards)


def test_card_game_clone_is_independent() -> None:
    game = pyspiel.load_game("python_gouji")
    state = deal_out(game.new_initial_state(), random.Random(2))
    copy = state.clone()
    copy.apply_action(copy.legal_actions()[-1])
    assert state.deal.ply == 0 and copy.deal.ply == 1
    assert state.information_state_string(0) != copy.information_state_string(0)


# -- the documentation ------------------------------------------------------------------


def test_doc_examples_run() -> None:
    failures, tried = doctest.testfile(
        str(DOCS / "openspiel.md"),
        module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
        verbose=False,
    )
    assert tried > 5 and failures == 0
