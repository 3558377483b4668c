"""The vector env (issue 5 §5) against a slow, obvious reference built on the Deal API.

The reference replays each env one deal at a time in Python: the seeds, dealers and
seats of the documented formulas, the opponents' random choices from its own
SplitMix64 (the engine's generator, rewritten here), greedy choices from GreedyAgent.
Every step must agree exactly: observations, legal ids, rewards, terminations and the
final info.
"""

from __future__ import annotations

import threading
from typing import Any

import numpy as np
import pytest

import ganzdy
from ganzdy import GreedyAgent, IllegalMoveError, Rules, RulesError, view_for
from ganzdy.env import VectorEnv, VectorStep

M64 = (1 << 64) - 1
SEAT_SALT = 0x5EA7C0FFEE5EA7
POLICY_SALT = 0xA0761D6478BD642F


class SplitMix:
    """random.h in Python: SplitMix64 and Lemire's bounded integers."""

    def __init__(self, seed: int) -> None:
        self.state = seed & M64

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & M64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        m = self.next() * n
        if m & M64 < n:
            threshold = ((1 << 64) - n) % n
            while m & M64 < threshold:
                m = self.next() * n
        return m >> 64


def deal_seed(seed: int, index: int) -> int:
    mix = SplitMix(seed ^ ((index * 0xD1B54A32D192ED03) & M64))
    mix.next()
    return mix.next()


class ReferenceEnv:
    """Env ``index`` of a VectorEnv, played through the public Deal API."""

    def __init__(
        self, rules: Rules, index: int, opponents: list[str], seat: int | str, seed: int
    ) -> None:
        self.rules, self.index, self.opponents, self.fixed_seat = rules, index, opponents, seat
        self.env_seed = deal_seed(seed, index)
        self.next_episode = 0
        self.skipped = 0
        self.greedy = GreedyAgent()
        self.start()

    @property
    def players(self) -> int:
        return self.rules.players

    def new_deal(self, es: int) -> Any:
        """Episode `self.episode`'s deal, dealt from its seed `es`."""
        return self.rules.new_deal(seed=es, dealer=(self.index + self.episode) % self.players)

    def seat_after(self, k: int) -> int:
        """The seat `k` places after the learner in turn order."""
        p = self.players
        clockwise = self.rules.option("direction") == "clockwise"
        return (self.seat - k) % p if clockwise else (self.seat + k) % p

    def start(self) -> None:
        p = self.players
        while True:
            self.episode = self.next_episode
            self.next_episode += 1
            es = deal_seed(self.env_seed, self.episode)
            self.seat = (
                SplitMix(es ^ SEAT_SALT).below(p)
                if self.fixed_seat == "random"
                else int(self.fixed_seat)
            )
            self.deal = self.new_deal(es)
            self.rng = SplitMix(es ^ POLICY_SALT)
            self.policy = {self.seat_after(k): self.opponents[k - 1] for k in range(1, p)}
            self.steps = 0
            self.play_opponents()
            if not self.deal.is_terminal:
                return
            self.skipped += 1

    def play_opponents(self) -> None:
        deal = self.deal
        while not deal.is_terminal and deal.current_player != self.seat:
            seat = deal.current_player
            assert seat is not None
            if self.policy[seat] == "greedy":
                move = self.greedy.act(view_for(deal, history=()))
            else:
                moves = list(deal.legal_moves)
                move = moves[self.rng.below(len(moves))]
            deal.push(move)

    def play_learner(self, action: int) -> None:
        assert action in self.deal.legal_ids()
        self.deal.push_id(action)

    def step(self, action: int) -> dict[str, Any]:
        self.play_learner(action)
        self.steps += 1
        self.play_opponents()
        out: dict[str, Any] = {"reward": 0.0, "terminated": False, "points": 0, "length": 0}
        if self.deal.is_terminal:
            points = self.deal.outcome.points[self.seat]
            out = {"reward": float(points), "terminated": True, "points": points}
            out["length"] = self.steps
            out["final_observation"] = self.deal.observation(self.seat)
            self.start()
        return out

    def observation(self) -> np.ndarray:
        return self.deal.observation(self.seat)

    def legal_ids(self) -> np.ndarray:
        return self.deal.legal_ids()


RULE_SETS: list[dict[str, Any]] = [
    {"players": 4},
    {"players": 2},
    {"players": 3, "direction": "clockwise", "king_bomb": "small_plus_big"},
    {"players": 5, "end_condition": "ranking", "first_leader": "lowest_card"},
    {"players": 6, "draw_policy": "winner_only", "triple_mode": "bomb"},
    # Two-card hands: deals often end before the learner acts, so episodes are skipped.
    {"players": 4, "initial_hand_size": 2, "dealer_extra_cards": 0, "draw_policy": "none"},
]


def rules_of(spec: dict[str, Any]) -> Rules:
    return Rules("gan_deng_yan", **spec)


def assert_step_matches(
    step: VectorStep, refs: list[ReferenceEnv], results: list[dict[str, Any]] | None
) -> None:
    for i, ref in enumerate(refs):
        assert np.array_equal(step.observations[i], ref.observation()), i
        assert np.array_equal(step.legal(i), ref.legal_ids()), i
        if results is None:
            assert step.rewards[i] == 0 and not step.terminations[i]
            continue
        r = results[i]
        assert step.rewards[i] == r["reward"], i
        assert bool(step.terminations[i]) == r["terminated"], i
        assert step.episode_points[i] == r["points"], i
        assert step.episode_lengths[i] == r["length"], i
        if r["terminated"]:
            assert np.array_equal(step.final_observations[i], r["final_observation"]), i


@pytest.mark.parametrize("spec", RULE_SETS)
@pytest.mark.parametrize(
    ("opponents", "seat"), [("random", 0), ("greedy", "random"), ("mixed", -1)]
)
def test_steps_agree_with_the_deal_api_env_by_env(
    spec: dict[str, Any], opponents: str, seat: int | str
) -> None:
    rules = rules_of(spec)
    p = rules.players
    names = (
        ["greedy" if k % 2 else "random" for k in range(p - 1)]
        if opponents == "mixed"
        else [opponents] * (p - 1)
    )
    fixed: int | str = p - 1 if seat == -1 else seat
    n, seed = 5, 11 + p
    env = VectorEnv(
        rules, n, opponents=names if opponents == "mixed" else opponents, seat=fixed, seed=seed
    )
    refs = [ReferenceEnv(rules, i, names, fixed, seed) for i in range(n)]
    step = env.reset()
    assert_step_matches(step, refs, None)
    assert list(env.seats) == [r.seat for r in refs]
    assert list(env.episodes) == [r.episode for r in refs]
    rng = np.random.default_rng(p)
    ended = 0
    for _ in range(120):
        actions = step.sample_actions(rng)
        step = env.step(actions)
        results = [ref.step(int(a)) for ref, a in zip(refs, actions, strict=True)]
        assert_step_matches(step, refs, results)
        assert list(env.seats) == [r.seat for r in refs]
        assert list(env.episodes) == [r.episode for r in refs]
        ended += int(step.terminations.sum())
    assert ended > 0
    assert env.completed_episodes == ended
    assert env.skipped_episodes == sum(r.skipped for r in refs)
    if spec.get("initial_hand_size") == 2:
        assert env.skipped_episodes > 0


def test_the_python_splitmix_is_the_engines() -> None:
    for seed, index in [(0, 0), (1, 2), (M64, 7), (12345678901234567, 99)]:
        assert deal_seed(seed, index) == ganzdy._core.deal_seed(seed, index)


def test_an_envs_deals_do_not_depend_on_how_many_envs_there_are() -> None:
    rules = Rules("gan_deng_yan", players=4)
    one = VectorEnv(rules, 1, opponents="greedy", seed=5)
    many = VectorEnv(rules, 16, opponents="greedy", seed=5)
    a, b = one.reset(), many.reset()
    for _ in range(100):
        assert np.array_equal(a.observations[0], b.observations[0])
        assert np.array_equal(a.legal(0), b.legal(0))
        assert a.rewards[0] == b.rewards[0] and a.terminations[0] == b.terminations[0]
        action = a.legal(0)[-1]
        others = b.legal_ids[b.legal_offsets[:-1]]  # each env's first legal id
        others[0] = action
        a, b = one.step([action]), many.step(others)


def test_rewards_are_the_deals_points_and_sum_per_episode() -> None:
    rules = Rules("gan_deng_yan", players=3)
    n = 8
    env = VectorEnv(rules, n, opponents="random", seat="random", seed=3)
    step = env.reset()
    rng = np.random.default_rng(1)
    running = np.zeros(n)
    lengths = np.zeros(n, dtype=np.int64)
    episodes = 0
    for _ in range(400):
        step = env.step(step.sample_actions(rng))
        running += step.rewards
        lengths += 1
        for i in np.flatnonzero(step.terminations):
            assert step.episode_points[i] == step.rewards[i] == running[i]
            assert step.episode_lengths[i] == lengths[i]
            running[i] = 0
            lengths[i] = 0
            episodes += 1
        assert (step.rewards[~step.terminations] == 0).all()
        assert (step.episode_points[~step.terminations] == 0).all()
    assert episodes == env.completed_episodes > 20


def test_the_final_reward_is_the_outcome_of_the_deal_that_ended() -> None:
    rules = Rules("gan_deng_yan", players=4)
    env = VectorEnv(rules, 4, opponents="greedy", seed=8)
    step = env.reset()
    checked = 0
    while checked < 10:
        deals = [env.deal(i) for i in range(4)]
        seats = env.seats
        actions = step.legal_ids[step.legal_offsets[:-1]]
        step = env.step(actions)
        for i in np.flatnonzero(step.terminations):
            deal = deals[i]
            deal.push_id(int(actions[i]))
            while not deal.is_terminal:  # the greedy opponents finish it
                deal.push(GreedyAgent().act(view_for(deal, history=())))
            assert deal.outcome.points[seats[i]] == step.episode_points[i] == step.rewards[i]
            assert np.array_equal(deal.observation(int(seats[i])), step.final_observations[i])
            checked += 1


def test_auto_reset_returns_the_next_deal_at_the_learners_first_decision() -> None:
    rules = Rules("gan_deng_yan", players=4)
    env = VectorEnv(rules, 6, opponents="random", seed=21)
    step = env.reset()
    rng = np.random.default_rng(2)
    seen = 0
    before = env.episodes
    while seen < 12:
        step = env.step(step.sample_actions(rng))
        after = env.episodes
        assert (after - before == step.terminations).all()
        assert (step.final_observations[~step.terminations] == 0).all()  # copy=True
        for i in np.flatnonzero(step.terminations):
            deal = env.deal(int(i))
            assert not deal.is_terminal and deal.current_player == env.seats[i]
            es = deal_seed(deal_seed(21, int(i)), int(after[i]))
            assert deal.seed == es and deal.dealer == (i + after[i]) % 4
            assert np.array_equal(step.observations[i], deal.observation(int(env.seats[i])))
            assert not np.array_equal(step.observations[i], step.final_observations[i])
            seen += 1
        before = after


def test_ragged_ids_and_dense_masks_are_the_deals() -> None:
    rules = Rules("gan_deng_yan", players=4, king_bomb="small_plus_big")
    for copy in (True, False):
        env = VectorEnv(rules, 7, opponents="greedy", seed=4, copy=copy)
        step = env.reset()
        rng = np.random.default_rng(3)
        for _ in range(60):
            masks = env.action_masks()
            assert masks.shape == (7, rules.num_moves) and masks.dtype == np.bool_
            assert step.legal_offsets[0] == 0 and step.legal_offsets[-1] == len(step.legal_ids)
            for i in range(7):
                deal = env.deal(i)
                assert np.array_equal(step.legal(i), deal.legal_ids())
                assert np.array_equal(masks[i], deal.legal_mask())
            assert int(masks.sum()) == len(step.legal_ids)
            step = env.step(step.sample_actions(rng))


def test_masks_twice_in_a_step_and_after_reset() -> None:
    rules = Rules("gan_deng_yan", players=2)
    env = VectorEnv(rules, 3, seed=1)
    env.reset()
    first = env.action_masks()
    assert np.array_equal(first, env.action_masks())
    step = env.reset(seed=2)
    masks = env.action_masks()
    for i in range(3):
        assert np.array_equal(masks[i], env.deal(i).legal_mask())
        assert masks[i].sum() == len(step.legal(i))


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        (-1, "move id -1 is out of range: expected 0 to"),
        (10**9, "move id 1000000000 is out of range"),
        ("other", "is not legal for the learner"),
    ],
)
def test_an_illegal_id_raises_and_changes_nothing(bad: int | str, message: str) -> None:
    rules = Rules("gan_deng_yan", players=4)
    env = VectorEnv(rules, 5, opponents="greedy", seed=9)
    twin = VectorEnv(rules, 5, opponents="greedy", seed=9)
    step, _ = env.reset(), twin.reset()
    rng = np.random.default_rng(5)
    for _ in range(7):
        actions = step.sample_actions(rng)
        step, _ = env.step(actions), twin.step(actions)
    actions = step.sample_actions(rng)
    bad_actions = actions.copy()
    if bad == "other":  # the id of a move env 3 cannot make now
        legal = set(step.legal(3).tolist())
        bad_actions[3] = next(i for i in range(rules.num_moves) if i not in legal)
    else:
        bad_actions[3] = bad
    hashes = [env.deal(i).hash() for i in range(5)]
    masks = env.action_masks()
    with pytest.raises(IllegalMoveError, match=r"^step: env 3: ") as info:
        env.step(bad_actions)
    assert message in str(info.value) and "no env was changed" in str(info.value)
    assert [env.deal(i).hash() for i in range(5)] == hashes
    assert np.array_equal(env.action_masks(), masks)
    assert np.array_equal(env.episodes, twin.episodes)
    # And it goes on exactly as an env that never saw the bad call.
    a, b = env.step(actions), twin.step(actions)
    for field in ("observations", "legal_ids", "legal_offsets", "rewards", "terminations"):
        assert np.array_equal(getattr(a, field), getattr(b, field)), field


def test_the_reason_says_why_a_move_is_illegal() -> None:
    rules = Rules("gan_deng_yan", players=4)
    env = VectorEnv(rules, 1, seed=2)
    env.reset()
    hand = list(env.deal(0).hand(int(env.seats[0])))
    absent = next(r for r in "3456789TJQKA" if not any(card[0] == r for card in hand))
    with pytest.raises(
        IllegalMoveError,
        match=rf"move id \d+ \({absent}s as single {absent}\) is not legal for the learner \(seat 0\): the hand .* lacks these cards",
    ):
        env.step([rules.move_id(ganzdy.Move("single", absent, absent + "s"))])


def test_bad_arguments() -> None:
    rules = Rules("gan_deng_yan", players=4)
    with pytest.raises(RulesError, match="num_envs=0"):
        VectorEnv(rules, 0)
    # ganzdy.env.VectorEnv picks the game's env; each C++ env plays its own game only.
    with pytest.raises(RulesError, match="VectorEnv plays Gan Deng Yan only, not guandan"):
        ganzdy._core.GanDengYanVectorEnv(Rules("guandan"), 2)
    with pytest.raises(RulesError, match="seat=4 is not a seat"):
        VectorEnv(rules, 2, seat=4)
    with pytest.raises(RulesError, match="'middle' is not allowed"):
        VectorEnv(rules, 2, seat="middle")  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="unknown built-in policy 'smart'"):
        VectorEnv(rules, 2, opponents="smart")
    with pytest.raises(RulesError, match="3 policies"):
        VectorEnv(rules, 2, opponents=["random", "greedy"])
    with pytest.raises(TypeError):
        VectorEnv(rules, 2, opponents=[1, 2, 3])  # type: ignore[list-item]
    env = VectorEnv(rules, 2, seed=1)
    with pytest.raises(RulesError, match=r"step\(\) before reset\(\)"):
        env.step([0, 0])
    with pytest.raises(RulesError, match="before reset"):
        env.action_masks()
    with pytest.raises(RulesError, match="before reset"):
        env.deal(0)
    step = env.reset()
    good = step.legal_ids[step.legal_offsets[:-1]]
    with pytest.raises(RulesError, match=r"expected 2 actions \(one per env\), got 3"):
        env.step([*good, 0])
    with pytest.raises(RulesError, match="shape"):
        env.step([good])
    with pytest.raises(TypeError, match="integer move ids"):
        env.step(good.astype(np.float64))
    with pytest.raises(TypeError, match="integer move ids"):
        env.step(["a", "b"])
    with pytest.raises(RulesError, match="env 2 does not exist"):
        env.deal(2)
    # The int32 ids, Python ints and unsigned arrays are all accepted.
    env.step(good.astype(np.uint16))


def test_determinism_per_seed_and_reset_semantics() -> None:
    rules = Rules("gan_deng_yan", players=4)

    def run(env: VectorEnv, first: VectorStep, steps: int) -> list[np.ndarray]:
        rng = np.random.default_rng(0)
        out, step = [], first
        for _ in range(steps):
            step = env.step(step.sample_actions(rng))
            out += [step.observations, step.legal_ids, step.rewards]
        return out

    a = VectorEnv(rules, 9, opponents=["greedy", "random", "greedy"], seed=77)
    b = VectorEnv(rules, 9, opponents=["greedy", "random", "greedy"], seed=77)
    c = VectorEnv(rules, 9, opponents=["greedy", "random", "greedy"], seed=78)
    ra, rb, rc = run(a, a.reset(), 50), run(b, b.reset(), 50), run(c, c.reset(), 50)
    assert all(np.array_equal(x, y) for x, y in zip(ra, rb, strict=True))
    assert not all(np.array_equal(x, y) for x, y in zip(ra, rc, strict=True))
    # reset(seed) replays from episode 0; reset() moves every env to its next episode.
    assert np.array_equal(run(a, a.reset(seed=77), 50)[0], ra[0])
    episodes = a.episodes
    a.reset()
    assert (a.episodes >= episodes + 1).all() and a.seed == 77
    c.reset(seed=77)
    assert c.seed == 77 and (c.episodes >= 0).all()
    assert np.array_equal(run(c, c.reset(seed=77), 50)[-1], ra[-1])
    # A fresh seed when none is given, kept by the env.
    d = VectorEnv(rules, 2)
    assert isinstance(d.seed, int)
    again = VectorEnv(rules, 2, seed=d.seed)
    assert np.array_equal(d.reset().observations, again.reset().observations)


def test_one_env_and_1024_envs() -> None:
    rules = Rules("gan_deng_yan", players=4)
    for n in (1, 1024):
        env = VectorEnv(rules, n, opponents="greedy", seed=n)
        step = env.reset()
        assert step.observations.shape == (n, rules.observation_shape[0])
        assert step.legal_offsets.shape == (n + 1,) and step.legal_offsets.dtype == np.int64
        assert step.legal_ids.dtype == np.int32 and step.rewards.dtype == np.float32
        assert step.terminations.dtype == np.bool_ and step.episode_points.dtype == np.int64
        rng = np.random.default_rng(n)
        total, ended = 0.0, 0
        for _ in range(60):
            step = env.step(step.sample_actions(rng))
            total += float(step.rewards.sum())
            ended += int(step.terminations.sum())
        assert (step.legal_counts > 0).all()
        for i in {0, n // 2, n - 1}:
            deal = env.deal(i)
            assert np.array_equal(step.legal(i), deal.legal_ids())
            assert np.array_equal(step.observations[i], deal.observation(int(env.seats[i])))
        if n == 1024:
            assert 1000 < ended < 3000  # greedy deals last about 30 learner decisions
            assert total < 0  # a random learner loses to greedy opponents


def test_views_and_copies() -> None:
    rules = Rules("gan_deng_yan", players=4)
    views = VectorEnv(rules, 3, seed=1, copy=False)
    copies = VectorEnv(rules, 3, seed=1)
    v0, c0 = views.reset(), copies.reset()
    assert not v0.observations.flags.writeable and not v0.legal_offsets.flags.writeable
    assert v0.legal_ids.flags.writeable  # always a new array
    with pytest.raises(ValueError, match="read-only"):
        v0.observations[0, 0] = 1.0
    with pytest.raises(ValueError, match="read-only"):
        views.action_masks()[0, 0] = True
    c0.observations[0, 0] = 99.0  # the caller's own
    kept = v0.observations.copy()
    actions = c0.legal_ids[c0.legal_offsets[:-1]]
    v1, c1 = views.step(actions), copies.step(actions)
    assert v1.observations is v0.observations  # the same buffer, overwritten in place
    assert np.array_equal(v1.observations, c1.observations)
    assert not np.array_equal(kept, v1.observations)
    assert c0.observations[0, 0] == 99.0 and c1.observations is not c0.observations
    # A view keeps the env's buffers alive after the env itself is gone.
    obs = v1.observations
    del views, v0, v1
    assert np.array_equal(obs, c1.observations)


def test_properties_and_repr() -> None:
    rules = Rules("gan_deng_yan", players=3)
    env = VectorEnv(rules, 4, opponents=["greedy", "random"], seat="random", seed=6)
    assert env.num_envs == len(env) == 4 and env.players == 3
    assert env.observation_shape == rules.observation_shape and env.num_moves == rules.num_moves
    assert env.opponents == ("greedy", "random") and env.seat == "random" and env.seed == 6
    assert env.rules == rules and env.copy
    assert list(env.episodes) == [-1] * 4
    assert repr(env) == (
        "<VectorEnv 4 x Rules('gan_deng_yan', players=3), opponents=['greedy', 'random'], seat='random', seed=6>"
    )
    assert VectorEnv(rules, 1, opponents="greedy").opponents == ("greedy", "greedy")


def test_random_seats_are_drawn_per_episode() -> None:
    rules = Rules("gan_deng_yan", players=4)
    env = VectorEnv(rules, 64, seat="random", seed=2)
    env.reset()
    counts = np.bincount(env.seats, minlength=4)
    for _ in range(3):
        env.reset()
        counts += np.bincount(env.seats, minlength=4)
    assert counts.sum() == 256 and (counts > 40).all()


def test_separate_envs_step_in_parallel_threads() -> None:
    rules = Rules("gan_deng_yan", players=4)
    results: dict[int, list[np.ndarray]] = {}

    def work(k: int) -> None:
        env = VectorEnv(rules, 64, opponents="greedy", seed=k)
        step, rng, out = env.reset(), np.random.default_rng(k), []
        for _ in range(30):
            step = env.step(step.sample_actions(rng))
            out.append(step.observations)
        results[k] = out

    threads = [threading.Thread(target=work, args=(k,)) for k in (1, 2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for k in (1, 2):
        env = VectorEnv(rules, 64, opponents="greedy", seed=k)
        step, rng = env.reset(), np.random.default_rng(k)
        for expected in results[k]:
            step = env.step(step.sample_actions(rng))
            assert np.array_equal(step.observations, expected)


def test_time_vector_env_measures_inside_cpp() -> None:
    core = ganzdy._core.GanDengYanVectorEnv(Rules("gan_deng_yan", players=4), 32, "random", 0, 1)
    with pytest.raises(RulesError, match="reset"):
        ganzdy._core.time_vector_env(core, 2, 1)
    core.reset()
    result = ganzdy._core.time_vector_env(core, steps=20, rounds=3, masks=True, seed=1)
    assert len(result["ns_per_step"]) == 3 and min(result["ns_per_step"]) > 0
    assert result["steps"] == 20 * 3 * 32 and result["episodes"] > 0
