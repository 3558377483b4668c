"""The vector env for Guandan and Gouji, and the legal moves' features.

Card-level moves have no fixed id space: an action is the index of the move in the
env's legal moves, and each legal move is described by its features (54 face counts,
kind, key, wilds). The features are checked against a Python computation from the
Move objects; the env against a slow reference built on the deal API, env by env and
step by step, as tests/rl/test_vector_env.py does for Gan Deng Yan.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

import ganzdy
from ganzdy import GoujiDeal, GuandanDeal, IllegalMoveError, Rules, RulesError
from ganzdy.env import VectorEnv
from test_vector_env import ReferenceEnv, SplitMix

SETUP_SALT = 0x7B1B07E5E7D0A11F  # vector_env_games.h: GuandanGame::kSetupSalt
RANKS = "3456789TJQKA2"
FACES = [r + s for r in RANKS for s in "shdc"] + ["BJ", "RJ"]

AnyCardDeal = GuandanDeal | GoujiDeal


def python_features(deal: AnyCardDeal) -> dict[str, npt.NDArray[Any]]:
    """The features of deal.legal_moves from the Move objects, the slow way."""
    moves = list(deal.legal_moves)
    wild = f"{deal.level}h" if isinstance(deal, GuandanDeal) else None
    if isinstance(deal, GuandanDeal) and deal.rules.option("wild_enabled") is False:
        wild = None
    cards = np.zeros((len(moves), 54), np.uint8)
    for k, move in enumerate(moves):
        for face in move.cards:
            cards[k, FACES.index("T" + face[-1] if face.startswith("10") else face)] += 1
    return {
        "cards": cards,
        "kind": np.array([ganzdy.MOVE_KINDS.index(m.kind) for m in moves], np.uint8),
        "key": np.array([RANKS.index(m.rank) if m.rank else -1 for m in moves], np.int8),
        "wilds": np.array(
            [0 if wild is None else sum(f == wild for f in m.cards) for m in moves], np.uint8
        ),
    }


def assert_features_equal(got: dict[str, npt.NDArray[Any]], want: dict[str, Any]) -> None:
    assert set(got) == {"cards", "kind", "key", "wilds"}
    for name in ("cards", "kind", "key", "wilds"):
        assert got[name].dtype == want[name].dtype, name
        assert np.array_equal(got[name], want[name]), name


def play_randomly(deal: AnyCardDeal, rng: np.random.Generator, plies: int) -> None:
    for _ in range(plies):
        if deal.is_terminal:
            return
        moves = list(deal.legal_moves)
        deal.push(moves[int(rng.integers(len(moves)))])


@pytest.mark.parametrize(("level", "wild"), [("2", True), ("7", True), ("A", True), ("5", False)])
def test_guandan_features_are_the_moves(level: str, wild: bool) -> None:
    rules = Rules("guandan", level=level, wild_enabled=wild)
    rng = np.random.default_rng(ord(level))
    wilds_seen = 0
    for seed in range(12):
        deal = GuandanDeal(rules, seed, previous_finish=[seed % 4, (seed + 1) % 4, (seed + 2) % 4])
        while not deal.is_terminal:
            features = deal.legal_move_features()
            assert_features_equal(features, python_features(deal))
            assert features["cards"].sum(axis=1).tolist() == [
                len(m.cards) for m in deal.legal_moves
            ]
            wilds_seen += int(features["wilds"].sum())
            play_randomly(deal, rng, 1 + int(rng.integers(12)))
        assert deal.legal_move_features()["cards"].shape == (0, 54)
    assert (wilds_seen > 0) == wild


def test_guandan_features_tell_wild_readings_apart() -> None:
    # The same cards read two ways are two moves, told apart by kind or key.
    rules = Rules("guandan", level="2")
    deal = GuandanDeal(rules, 5)
    moves = list(deal.legal_moves)
    f = deal.legal_move_features()
    rows = {(bytes(f["cards"][k]), int(f["kind"][k]), int(f["key"][k])) for k in range(len(moves))}
    assert len(rows) == len(moves)


def test_gouji_features_are_the_moves() -> None:
    rules = Rules("gouji")
    rng = np.random.default_rng(3)
    for seed in range(6):
        deal = GoujiDeal(rules, seed)
        while not deal.is_terminal:
            features = deal.legal_move_features()
            assert_features_equal(features, python_features(deal))
            assert not features["wilds"].any()
            play_randomly(deal, rng, 1 + int(rng.integers(20)))


# -- the env against a reference ------------------------------------------------------


class CardGameReferenceEnv(ReferenceEnv):
    """Env ``index`` of a card-level VectorEnv, played through the public deal API."""

    @property
    def players(self) -> int:
        return 4 if self.rules.game == "guandan" else 6

    def new_deal(self, es: int) -> AnyCardDeal:
        if self.rules.game == "gouji":
            return GoujiDeal(self.rules, es)
        pick = SplitMix(es ^ SETUP_SALT)
        order = [0, 1, 2, 3]
        for k in range(3, 0, -1):
            j = pick.below(k + 1)
            order[k], order[j] = order[j], order[k]
        return GuandanDeal(self.rules, es, previous_finish=order)

    def seat_after(self, k: int) -> int:
        return (self.seat + k) % self.players

    def play_learner(self, action: int) -> None:
        self.deal.push(list(self.deal.legal_moves)[action])


GAMES = [
    ("guandan", "random", 0),
    ("guandan", "greedy", "random"),
    ("guandan", "mixed", 3),
    ("gouji", "random", "random"),
    ("gouji", "random", 2),
    ("gouji", "greedy", 4),
    ("gouji", "mixed", "random"),
]


@pytest.mark.parametrize(("game", "opponents", "seat"), GAMES)
def test_steps_agree_with_the_deal_api_env_by_env(
    game: str, opponents: str, seat: int | str
) -> None:
    rules = Rules(game)
    p = 4 if game == "guandan" else 6
    names = (
        ["greedy" if k % 2 else "random" for k in range(p - 1)]
        if opponents == "mixed"
        else [opponents] * (p - 1)
    )
    n, seed = 4, 7 + len(game)
    env = VectorEnv(rules, n, opponents=names, seat=seat, seed=seed)
    assert not env.move_ids
    refs = [CardGameReferenceEnv(rules, i, names, seat, seed) for i in range(n)]
    step = env.reset()
    rng = np.random.default_rng(p)
    ended = 0
    for t in range(150 if game == "guandan" else 100):
        for i, ref in enumerate(refs):
            assert np.array_equal(step.observations[i], ref.deal.observation(ref.seat)), (t, i)
            assert np.array_equal(step.legal(i), np.arange(len(ref.deal.legal_moves))), (t, i)
            assert_features_equal(step.features(i), python_features(ref.deal))
        assert list(env.seats) == [r.seat for r in refs]
        assert list(env.episodes) == [r.episode for r in refs]
        actions = step.sample_actions(rng)
        step = env.step(actions)
        for i, (ref, a) in enumerate(zip(refs, actions, strict=True)):
            r = ref.step(int(a))
            assert step.rewards[i] == r["reward"]
            assert bool(step.terminations[i]) == r["terminated"]
            assert step.episode_points[i] == r["points"]
            assert step.episode_lengths[i] == r["length"]
            if r["terminated"]:
                assert np.array_equal(step.final_observations[i], r["final_observation"])
        ended += int(step.terminations.sum())
    assert ended > 0
    assert env.completed_episodes == ended


@pytest.mark.parametrize("game", ["guandan", "gouji"])
def test_rewards_sum_to_the_points_and_tribute_is_played(game: str) -> None:
    env = VectorEnv(Rules(game), 16, seed=4)
    step = env.reset()
    rng = np.random.default_rng(1)
    totals = np.zeros(16)
    episodes = 0
    kinds_seen: set[str] = set()
    for _ in range(400):
        assert step.move_kinds is not None
        kinds_seen.update(ganzdy.MOVE_KINDS[k] for k in np.unique(step.move_kinds))
        step = env.step(step.sample_actions(rng))
        totals += step.rewards
        ended = step.terminations
        assert np.array_equal(step.rewards[ended], step.episode_points[ended])
        assert not step.rewards[~ended].any()
        episodes += int(ended.sum())
    assert episodes > 0
    if game == "guandan":
        assert {"tribute", "return", "single", "bomb"} <= kinds_seen
        # A deal moves 1 to 3 levels either way.
        assert set(np.abs(step.episode_points)) <= {0, 1, 2, 3}


@pytest.mark.parametrize("game", ["guandan", "gouji"])
def test_an_illegal_index_raises_and_changes_nothing(game: str) -> None:
    env = VectorEnv(Rules(game), 3, seed=2)
    first = env.reset()
    counts = first.legal_counts
    before = [env.deal(i).hash() for i in range(3)]
    for bad_env, bad in [(0, int(counts[0])), (2, -1), (1, 10**9)]:
        actions = np.zeros(3, np.int64)
        actions[bad_env] = bad
        with pytest.raises(IllegalMoveError, match=f"env {bad_env}: move id {bad}"):
            env.step(actions)
    assert [env.deal(i).hash() for i in range(3)] == before
    again = env.step(np.zeros(3, np.int64))
    twin = VectorEnv(Rules(game), 3, seed=2)
    twin.reset()
    same = twin.step(np.zeros(3, np.int64))
    assert np.array_equal(again.observations, same.observations)
    assert np.array_equal(again.legal_offsets, same.legal_offsets)


@pytest.mark.parametrize("game", ["guandan", "gouji"])
def test_reproducible_from_the_seed(game: str) -> None:
    def run(seed: int) -> list[npt.NDArray[Any]]:
        env = VectorEnv(Rules(game), 5, seat="random", seed=seed)
        step = env.reset()
        rng = np.random.default_rng(0)
        out = []
        for _ in range(60):
            step = env.step(step.sample_actions(rng))
            out += [step.observations, step.rewards, step.move_cards]  # type: ignore[list-item]
        return out

    a, b, c = run(9), run(9), run(10)
    assert all(np.array_equal(x, y) for x, y in zip(a, b, strict=True))
    assert not all(np.array_equal(x, y) for x, y in zip(a, c, strict=True) if x.shape == y.shape)


def test_card_level_envs_refuse_what_needs_move_ids() -> None:
    env = VectorEnv(Rules("guandan"), 2, seed=1)
    env.reset()
    with pytest.raises(ganzdy.GanzdyError, match="no id space"):
        env.action_masks()
    with pytest.raises(ganzdy.GanzdyError, match="no id space"):
        _ = env.num_moves
    with pytest.raises(RulesError, match="plays Guandan only"):
        ganzdy._core.GuandanVectorEnv(Rules("gouji"), 2)
    gdy = VectorEnv(Rules("gan_deng_yan"), 2, seed=1).reset()
    assert gdy.move_cards is None
    with pytest.raises(ganzdy.GanzdyError, match="moves have ids, not move features"):
        gdy.features(0)


@pytest.mark.parametrize("game", ["guandan", "gouji"])
def test_time_vector_env_measures_card_level_games(game: str) -> None:
    env = ganzdy._core.GuandanVectorEnv if game == "guandan" else ganzdy._core.GoujiVectorEnv
    core = env(Rules(game), 8, seed=1)
    core.reset()
    out = ganzdy._core.time_vector_env(core, steps=20, rounds=2)
    assert out["steps"] == 8 * 20 * 2
    assert len(out["ns_per_step"]) == 2 and all(t > 0 for t in out["ns_per_step"])
    with pytest.raises(RulesError, match="masks=True"):
        ganzdy._core.time_vector_env(core, steps=1, rounds=1, masks=True)
