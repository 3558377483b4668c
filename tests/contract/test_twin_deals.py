"""A seat sees only what it may know (issue 16), on every game and option set.

Twin deals: two deck orders that differ only by two hidden cards swapped between two
places the watching seat cannot see, other seats' hands or the cards not dealt (two
middle ranks, so the deal's flow does not depend on where they are). Both twins are played with the same moves, chosen among those that hold
neither swapped rank, until one would have to be played, the watcher draws one, or a move of the
deal is not one of the twin's (the two other seats hold different cards, so their
choices may differ). Until then everything shown to the watching seat must be the same
in both: its hand, its observation, its information set (hand, legal moves, the worlds
it samples, their decks and records included), its legal moves and, when it is to act, its agent view (``ganzdy.view_for``) and the
greedy policy's choice (``deal.greedy_index()``);
and the OpenSpiel game of the same deck orders (``ganzdy.env.openspiel``) shows the seat
the same observation tensor and string, information state and legal actions.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import ganzdy
from contract_cases import CASES, DECK_SETUP, OPENSPIEL_SETUP, Case, choose, counts
from ganzdy import Move
from ganzdy.env.openspiel import game_of
from scale import scaled

TWINS = scaled(6)  # a case: each a different deal, watching seat and pair of other seats
SWAP_RANKS = "6789TJ"  # cards of these ranks decide nothing before they are played
MIN_COMPARED = 30  # plies compared on average a twin, so the test cannot pass empty


def twin_decks(
    rules: ganzdy.Rules, seed: int, dealer: int, watcher: int, rng: random.Random
) -> tuple[Any, Any, tuple[str, str]] | None:
    """Two deals from deck orders that differ by two cards of two middle ranks swapped
    where the watcher cannot see them (two other seats' hands, or another seat's hand
    and the cards not dealt), and the two swapped cards; None when no swap is found."""
    setup = DECK_SETUP[rules.game]
    order = list(rules.new_deal(seed=seed, dealer=dealer).deck)
    first = rules.new_deal(deck=order, dealer=dealer, **setup)
    places = [p for p, card in enumerate(order) if card[0] in SWAP_RANKS]
    for _ in range(200):
        i, j = rng.sample(places, 2)
        x, y = order[i], order[j]
        if x[0] == y[0]:
            continue
        swapped = list(order)
        swapped[i], swapped[j] = y, x
        second = rules.new_deal(deck=swapped, dealer=dealer, **setup)
        if second.hand(watcher) != first.hand(watcher):
            continue
        changed = [s for s in range(rules.players) if second.hand(s) != first.hand(s)]
        if not changed:
            continue  # both in the undealt cards: nobody holds them yet
        swaps = {(x, y), (y, x)}
        exchange = [
            (
                "".join(counts(first.hand(s)) - counts(second.hand(s))),
                "".join(counts(second.hand(s)) - counts(first.hand(s))),
            )
            for s in changed
        ]
        if all(e in swaps for e in exchange):
            return first, second, (x, y)
    return None


def same_for(seat: int, one: Any, two: Any, seed: int) -> None:
    """Everything ``seat`` is shown is the same in both twins."""
    assert one.hand(seat) == two.hand(seat)
    assert np.array_equal(one.observation(seat), two.observation(seat))
    assert one.current_player == two.current_player and one.is_terminal == two.is_terminal
    assert one.hand_sizes == two.hand_sizes and one.played == two.played
    assert one.table == two.table and one.table_owner == two.table_owner
    world_one, world_two = one.sample_world(seat, seed), two.sample_world(seat, seed)
    # The same seed, the same world: a sample depends only on what the seat knows.
    assert [world_one.hand(s) for s in range(one.players)] == [
        world_two.hand(s) for s in range(one.players)
    ]
    assert world_one.hand(seat) == one.hand(seat)
    assert np.array_equal(world_one.observation(seat), world_two.observation(seat))
    # And the same past: the world's own deck (its dealt hands and draws) and history,
    # so the same record (issue 16: a sampled world is a deal like any other).
    assert world_one.deck == world_two.deck and world_one.history == world_two.history
    assert world_one.root_ply == 0 and world_one.to_record() == world_two.to_record()
    if one.current_player != seat:
        return
    assert list(one.legal_moves) == list(two.legal_moves)
    # The greedy policy reads only what the seat may know: the same choice in both.
    assert one.greedy_index() == two.greedy_index()
    view_one, view_two = ganzdy.view_for(one), ganzdy.view_for(two)
    assert view_one.greedy_move == view_two.greedy_move == one.legal_moves[one.greedy_index()]
    # By repr: Gouji's purchases and payments have no value equality (an identity
    # compare would fail twins that are the same); their repr shows every field.
    assert repr(view_one) == repr(view_two)
    info_one, info_two = view_one.information, view_two.information
    assert info_one is not None and info_two is not None
    assert info_one.hand == info_two.hand and info_one.legal_moves == info_two.legal_moves
    assert info_one.ply == info_two.ply and info_one.current_player == info_two.current_player
    assert np.array_equal(
        info_one.sample_world(seed).observation(seat),
        info_two.sample_world(seed).observation(seat),
    )
    sampled_one, sampled_two = info_one.sample_world(seed), info_two.sample_world(seed)
    assert [sampled_one.hand(s) for s in range(one.players)] == [
        sampled_two.hand(s) for s in range(one.players)
    ]
    assert sampled_one.to_record() == sampled_two.to_record()


def openspiel_twin(deal: Any, dealer: int) -> Any:
    """The OpenSpiel state (ganzdy.env.openspiel) of ``deal``: its deck order as chance."""
    game = game_of(deal.rules, dealer, **OPENSPIEL_SETUP[deal.rules.game])
    state = game.new_initial_state()
    for card in deal.deck:
        state.apply_action(game.face_index[card])
    assert not state.is_chance_node() and state.deal.hash() == deal.hash()
    return state


def openspiel_push(state: Any, move: Move) -> None:
    action = state.action_of(move)
    assert action in state.legal_actions()
    state.apply_action(action)


def same_in_openspiel(seat: int, one: Any, two: Any) -> None:
    assert one.observation_tensor(seat) == two.observation_tensor(seat)
    assert one.observation_string(seat) == two.observation_string(seat)
    assert one.information_state_string(seat) == two.information_state_string(seat)
    if one.current_player() == seat:
        assert one.legal_actions() == two.legal_actions()


def play_twins(
    one: Any, two: Any, swapped: tuple[str, str], watcher: int, dealer: int, seed: int
) -> int:
    """Play both twins alike while the watcher cannot tell them apart, in ganzdy and
    in OpenSpiel; the plies compared."""
    rng = random.Random(seed)
    ranks = {card[0] for card in swapped}
    compared = 0
    spiel_one, spiel_two = openspiel_twin(one, dealer), openspiel_twin(two, dealer)
    while True:
        same_for(watcher, one, two, rng.getrandbits(32))
        same_in_openspiel(watcher, spiel_one, spiel_two)
        compared += 1
        if one.is_terminal:
            return compared
        # Moves by face (Gan Deng Yan's move ids in OpenSpiel) give the engine's choice
        # of physical card, which differs where the twins' hands do: in the two ranks
        # swapped. Moves that hold neither rank are played the same in both.
        free = [m for m in one.legal_moves if not {c[0] for c in m.cards} & ranks]
        if not free:
            return compared  # a swapped rank must be played: the twins part here
        move = choose(one, rng)
        if move not in free:
            move = free[rng.randrange(len(free))]
        if not two.is_legal(move):
            # Only the two seats holding the swapped cards may have other moves.
            assert one.current_player != watcher
            return compared
        one.push(move)
        two.push(move)
        openspiel_push(spiel_one, move)
        openspiel_push(spiel_two, move)
        gained = counts(one.hand(watcher)) - counts(two.hand(watcher))
        if gained:
            assert set(gained) <= set(swapped), gained
            return compared  # the watcher drew a swapped card: the twins part here


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_a_seat_cannot_tell_twin_deals_apart(case: Case) -> None:
    rules = case.rules
    rng = random.Random(f"twins {case.id}")
    compared = made = 0
    for t in range(TWINS * 3):
        watcher = rng.randrange(rules.players)
        dealer = t % rules.players
        twins = twin_decks(rules, rng.getrandbits(64), dealer, watcher, rng)
        if twins is None:
            continue
        one, two, swapped = twins
        assert one.hash() != two.hash()
        compared += play_twins(one, two, swapped, watcher, dealer, rng.getrandbits(32))
        made += 1
        if made == TWINS:
            break
    assert made == TWINS, f"only {made} twin deals found"
    assert compared >= MIN_COMPARED * TWINS, f"only {compared} plies compared"
