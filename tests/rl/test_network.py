"""The learned network's C++ inference (ganzdy.Network) against the numpy reference of
ganzdy.network, its file checks, and the agent and views built on it."""

from __future__ import annotations

import doctest
import pickle
import threading
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import ganzdy
from ganzdy import AgentError, Network, NetworkFileError, make_agent, play_deal, view_for
from ganzdy import agents as agents_module
from ganzdy._core import MOVE_VECTOR_SIZE
from ganzdy.network import MAGIC, move_vectors, read_network, write_network
from ganzdy.network import Network as ReferenceNetwork
from network_cases import RULES, header_for, positions, random_network, saved

IDS = [label for _, label in RULES]


def reference_scores(net: ReferenceNetwork, deal: Any) -> np.ndarray:
    seat = deal.current_player
    return net.q_values(deal.observation(seat), move_vectors(deal.legal_move_features()))


def assert_close(got: np.ndarray, want: np.ndarray) -> None:
    # 1e-4 relative to the scores' scale: a score near 0 has no relative precision.
    scale = max(1.0, float(np.abs(want).max()))
    np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-4 * scale)


@pytest.mark.parametrize("rules", [r for r, _ in RULES], ids=IDS)
def test_scores_match_the_reference_on_random_positions(
    rules: ganzdy.Rules, tmp_path: Path
) -> None:
    ref = random_network(rules, seed=1)
    net = Network.load(saved(ref, tmp_path))
    compared = big = 0
    card_level = rules.game in ("guandan", "gouji")
    for k, deal in enumerate(positions(rules, deals=40, seed=7)):
        if compared >= 150 and (big >= 3 or not card_level):
            break
        n = len(deal.legal_moves)
        if k % 3 and n < 100:
            continue  # every third small position, and every lead with many moves
        got = net.scores(deal)
        want = reference_scores(ref, deal)
        assert got.dtype == np.float32 and got.shape == (n,)
        assert_close(got, want)
        vectors = move_vectors(deal.legal_move_features())
        choice = net.choose(deal)
        # The first best score in legal order; of equal move vectors, the first.
        assert choice == int(np.argmax(got))
        assert want[choice] >= want.max() - 1e-4 * max(1.0, float(np.abs(want).max()))
        assert not any(np.array_equal(vectors[i], vectors[choice]) for i in range(choice))
        # Suit variants share a vector, so a score, exactly.
        _, first, inverse = np.unique(vectors, axis=0, return_index=True, return_inverse=True)
        assert np.array_equal(got, got[first][inverse.reshape(-1)])
        compared += 1
        big += n >= 200
    assert compared >= 150
    if card_level:
        assert big >= 3, "no lead with hundreds of moves was compared"


@pytest.mark.parametrize("hidden", [(), (1,), (17, 5), (256, 256, 128)])
def test_every_shape_of_network_matches(hidden: tuple[int, ...], tmp_path: Path) -> None:
    # Widths that are no multiple of the kernel's blocks, a single layer (no ReLU), and
    # the shipped models' shape.
    rules = ganzdy.Rules("guandan")
    ref = random_network(rules, hidden, seed=2)
    net = Network.load(saved(ref, tmp_path))
    for k, deal in enumerate(positions(rules, deals=1, seed=3)):
        if k % 7 == 0:
            assert_close(net.scores(deal), reference_scores(ref, deal))
    obs = rules.new_deal(seed=5).observation(0)
    rows = np.random.default_rng(0).integers(0, 3, (9, MOVE_VECTOR_SIZE)).astype(np.float32)
    assert_close(net.score_vectors(obs, rows), ref.q_values(obs, rows))


def test_gan_deng_yan_has_the_move_features_of_the_card_games() -> None:
    deal = ganzdy.Rules("gan_deng_yan", players=4).new_deal(seed=3)
    features = deal.legal_move_features()
    moves = list(deal.legal_moves)
    assert set(features) == {"cards", "kind", "key", "wilds"}
    assert features["cards"].shape == (len(moves), 54)
    assert not features["wilds"].any()
    for k, move in enumerate(moves):
        assert features["cards"][k].sum() == len(move.cards)
        assert ganzdy.MOVE_KINDS[features["kind"][k]] == move.kind
        ranks = "3456789TJQKA2"
        assert features["key"][k] == (ranks.index(move.rank) if move.rank else -1)


@pytest.mark.parametrize("rules", [r for r, _ in RULES], ids=IDS)
def test_a_seat_scores_what_it_cannot_tell_apart_alike(rules: ganzdy.Rules, tmp_path: Path) -> None:
    # A sampled world is a deal the acting seat cannot tell from the real one (the
    # other hands and the stock dealt anew): the network must score both alike.
    net = Network.load(saved(random_network(rules, seed=4), tmp_path))
    compared = differs = 0
    for k, deal in enumerate(positions(rules, deals=2, seed=11)):
        if k % 5:
            continue
        seat = deal.current_player
        world = deal.sample_world(seat, seed=k)
        differs += any(world.hand(s) != deal.hand(s) for s in range(rules.players))
        assert np.array_equal(world.observation(seat), deal.observation(seat))
        assert np.array_equal(net.scores(world), net.scores(deal))
        assert net.choose(world) == net.choose(deal)
        compared += 1
    assert compared >= 10 and differs >= compared // 2


def test_scores_refuse_a_deal_of_another_game_or_seat_count(tmp_path: Path) -> None:
    net = Network.load(saved(random_network(ganzdy.Rules("gan_deng_yan", players=4)), tmp_path))
    with pytest.raises(NetworkFileError, match=r"trained for game gan_deng_yan, not guandan"):
        net.scores(ganzdy.Rules("guandan").new_deal(seed=1))
    with pytest.raises(NetworkFileError, match=r"trained for players 4, not 3"):
        net.choose(ganzdy.Rules("gan_deng_yan", players=3).new_deal(seed=1))
    with pytest.raises(NetworkFileError, match=r"trained for players 4, not 5"):
        net.check_fits(ganzdy.Rules("gan_deng_yan", players=5))
    deal = ganzdy.Rules("gan_deng_yan", players=4).new_deal(seed=1)
    with pytest.raises(ganzdy.RulesError, match="seat 2 is not to act"):
        net.scores(deal, seat=2)
    with pytest.raises(TypeError, match="expected a deal"):
        net.scores("not a deal")  # type: ignore[arg-type]
    assert np.array_equal(net.scores(deal, seat=deal.current_player), net.scores(deal))


def test_a_network_of_another_observation_version_is_refused(tmp_path: Path) -> None:
    rules = ganzdy.Rules("guandan")
    ref = random_network(rules)
    ref.header["observation_version"] = "99"
    net = Network.load(saved(ref, tmp_path))
    with pytest.raises(NetworkFileError, match="observation_version 99, not 1"):
        net.scores(rules.new_deal(seed=1))


def test_evaluate_gives_softmax_priors_and_the_best_score(tmp_path: Path) -> None:
    rules = ganzdy.Rules("guandan")
    net = Network.load(saved(random_network(rules, seed=6), tmp_path))
    deal = rules.new_deal(seed=2)
    scores = net.scores(deal).astype(np.float64)
    for temperature in (0.1, 1.0):
        priors, value = net.evaluate(deal, temperature=temperature)
        want = np.exp((scores - scores.max()) / temperature)
        np.testing.assert_allclose(priors, want / want.sum(), rtol=1e-4, atol=1e-7)
        assert value == pytest.approx(min(max(scores.max(), 0.0), 1.0), abs=1e-6)
    with pytest.raises(ganzdy.RulesError, match=r"temperature=0\.0 must be a positive number"):
        net.evaluate(deal, temperature=0.0)


def test_concurrent_scores_agree_with_serial_ones(tmp_path: Path) -> None:
    rules = ganzdy.Rules("gouji")
    net = Network.load(saved(random_network(rules, (96, 48), seed=8), tmp_path))
    deals = [rules.new_deal(seed=s) for s in range(6)]
    for deal in deals:  # play into the hands, past the opening phases
        for _ in range(12):
            deal.push(deal.legal_moves[deal.greedy_index()])
    serial = [net.scores(d) for d in deals]
    failures: list[str] = []

    def work(i: int) -> None:
        for _ in range(20):
            for d, want in zip(deals, serial, strict=True):
                if not np.array_equal(net.scores(d), want):
                    failures.append(f"thread {i}")

    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not failures


# -- the file ----------------------------------------------------------------------


def _bytes(network: ReferenceNetwork, tmp_path: Path) -> bytes:
    return saved(network, tmp_path).read_bytes()


def _header(blob: bytes) -> tuple[int, int]:
    return int.from_bytes(blob[8:12], "little"), int.from_bytes(blob[12:16], "little")


def _with_header(blob: bytes, text: str | bytes) -> bytes:
    _, length = _header(blob)
    raw = text.encode() if isinstance(text, str) else text
    return blob[:12] + len(raw).to_bytes(4, "little") + raw + blob[16 + length :]


def _replace_in_header(blob: bytes, old: str, new: str) -> bytes:
    _, length = _header(blob)
    text = blob[16 : 16 + length].decode()
    assert old in text
    return _with_header(blob, text.replace(old, new))


def _bad_files(tmp_path: Path) -> dict[str, tuple[bytes, str]]:
    """Every kind of bad file: its bytes and what the error says."""
    rules = ganzdy.Rules("gan_deng_yan", players=4)
    good = _bytes(random_network(rules, (8,)), tmp_path)
    _, length = _header(good)
    return {
        "empty": (b"", "is no ganzdy network file"),
        "bad magic": (b"GANZDYNX" + good[8:], "is no ganzdy network file"),
        "cut in the first 16 bytes": (good[:12], "cut short in its first 16 bytes"),
        "wrong format version": (
            good[:8] + (2).to_bytes(4, "little") + good[12:],
            "format version 2",
        ),
        "header longer than the file": (good[: 16 + length - 3], f"a header of {length} bytes"),
        "header not UTF-8": (_with_header(good, b"game \xff\n"), "the header is not UTF-8"),
        "header lacking keys": (
            _replace_in_header(
                _replace_in_header(good, "activation relu\n", ""), "\nlayers ", "\nwidths "
            ),
            "the header lacks layers, activation",
        ),
        "another activation": (
            _replace_in_header(good, "activation relu", "activation tanh"),
            "activation 'tanh'",
        ),
        "another move vector": (
            _replace_in_header(good, "move_features 1", "move_features 2"),
            "move vector version '2'",
        ),
        "players not a number": (
            _replace_in_header(good, "players 4", "players four"),
            "players 'four'",
        ),
        "size not a number": (
            _replace_in_header(good, "\nobservation_size ", "\nobservation_size -"),
            "expected a whole number",
        ),
        "a width of zero": (_replace_in_header(good, " 8 1\n", " 0 1\n"), "expected widths > 0"),
        "a width not a number": (
            _replace_in_header(good, " 8 1\n", " 8x 1\n"),
            "expected widths > 0",
        ),
        "one width": (_replace_in_header(good, " 8 1\n", "\n"), "expected widths > 0"),
        "wrong input width": (
            _replace_in_header(good, "\nlayers ", "\nlayers 1"),
            "the first must be the observation and move size",
        ),
        "last width not 1": (_replace_in_header(good, " 8 1\n", " 8 2\n"), "and the last 1"),
        "cut in a layer": (good[:-5], "cut short in layer 2"),
        "cut in the first layer": (good[: 16 + length + 100], "cut short in layer 1"),
        "trailing bytes": (good + b"\0\0\0", "3 bytes after the last layer"),
    }


def test_every_bad_file_is_refused_alike_by_cpp_and_python(tmp_path: Path) -> None:
    for name, (blob, says) in _bad_files(tmp_path).items():
        path = tmp_path / f"bad-{name.replace(' ', '_')}.gznn"
        path.write_bytes(blob)
        with pytest.raises(NetworkFileError) as cpp:
            Network.load(path)
        with pytest.raises(NetworkFileError) as python:
            read_network(path)
        with pytest.raises(NetworkFileError) as from_bytes:
            Network.from_bytes(blob, name=str(path))
        assert str(path) in str(cpp.value), name
        assert says in str(cpp.value), (name, str(cpp.value))
        assert str(from_bytes.value) == str(cpp.value), name
        if name != "header not UTF-8":  # Python's message adds the decoder's detail
            assert str(cpp.value) == str(python.value), name


def test_a_missing_file_is_a_network_file_error(tmp_path: Path) -> None:
    with pytest.raises(NetworkFileError, match=r"nowhere\.gznn: cannot open"):
        Network.load(tmp_path / "nowhere.gznn")
    with pytest.raises(NetworkFileError, match=r"nowhere\.gznn: cannot open"):
        Network.load(str(tmp_path / "nowhere.gznn").encode())
    with pytest.raises(NetworkFileError, match=r"\\ud800.*cannot encode"):
        Network.load("net\ud800.gznn")
    with pytest.raises(ganzdy.ParseError, match=r"\\ud800"):
        Network.from_bytes(b"GANZDYNN", name="net\ud800")
    with pytest.raises(TypeError, match="path must be a file name"):
        Network.load(3)  # type: ignore[arg-type]


def test_the_header_round_trips_with_unknown_keys_and_odd_values(tmp_path: Path) -> None:
    rules = ganzdy.Rules("gouji")
    ref = random_network(rules, (4,))
    ref.header["notes"] = "trained\rfor\u2028a test  with spaces "
    ref.header["empty"] = ""
    path = saved(ref, tmp_path)
    assert read_network(path).header == ref.header
    net = Network.load(path)
    assert net.header == ref.header
    assert list(net.header) == list(ref.header)
    assert (net.game, net.players) == ("gouji", 6)
    assert net.widths == [int(w) for w in ref.header["layers"].split()]
    assert net.source == str(path)
    assert "gouji" in repr(net)


def test_write_network_refuses_what_it_could_not_read_back(tmp_path: Path) -> None:
    ref = random_network(ganzdy.Rules("gouji"), (4,))
    ref.header["two words"] = "x"
    with pytest.raises(NetworkFileError, match="holds a space"):
        write_network(tmp_path / "x.gznn", ref)
    ref = random_network(ganzdy.Rules("gouji"), (4,))
    ref.header["observation_size"] = "²"
    with pytest.raises(NetworkFileError, match="expected a whole number"):
        write_network(tmp_path / "x.gznn", ref)


def test_the_magic_is_the_contract() -> None:
    assert MAGIC == b"GANZDYNN"
    assert 15 + len(ganzdy.MOVE_KINDS) + 14 + 1 == MOVE_VECTOR_SIZE


# -- the agent and the views -----------------------------------------------------------


@pytest.mark.parametrize("rules", [r for r, _ in RULES], ids=IDS)
def test_the_learned_agent_plays_whole_deals(rules: ganzdy.Rules, tmp_path: Path) -> None:
    ref = random_network(rules, seed=9)
    path = saved(ref, tmp_path)
    net = Network.load(path)
    agent = make_agent(f"learned:path={path}")
    choices: list[bool] = []

    class Watching:
        """The learned agent, checked against the network's own choice on the deal."""

        def act(self, view: ganzdy.SeatView) -> ganzdy.Move:
            deal = view._deal
            move = agent.act(view)
            if len(view.legal_moves) > 1:
                choices.append(move == view.legal_moves[net.choose(deal)])
            return move

    others = ["greedy"] * (rules.players - 1)
    deal = play_deal(rules, [Watching(), *others], seed=5)
    assert deal.is_terminal
    assert choices and all(choices)
    deal = play_deal(rules, [f"learned:path={path}"] * rules.players, seed=6)
    assert deal.is_terminal


@pytest.mark.parametrize("rules", [r for r, _ in RULES], ids=IDS)
def test_the_learned_agent_plays_in_the_arena_across_processes(
    rules: ganzdy.Rules, tmp_path: Path
) -> None:
    path = saved(random_network(rules, seed=10), tmp_path)
    spec = f"learned:path={path}"
    teams = ganzdy.games.game_of(rules).teams
    agents = [spec, "greedy"] if teams else [spec] + ["greedy"] * (rules.players - 1)
    local = ganzdy.arena(rules, agents, rules.players, seed=4, workers=1, bootstrap=10)
    spread = ganzdy.arena(rules, agents, rules.players, seed=4, workers=2, bootstrap=10)
    assert spread.backend == "processes"
    assert [s.points for s in spread.standings] == [s.points for s in local.standings]


@pytest.mark.ray
def test_the_learned_agent_plays_on_ray(tmp_path: Path) -> None:
    pytest.importorskip("ray", reason="Ray is not installed (pip install 'ganzdy[ray]')")
    rules = ganzdy.Rules("guandan")
    path = saved(random_network(rules, seed=10), tmp_path)
    spec = f"learned:path={path}"
    local = ganzdy.arena(rules, [spec, "greedy"], 4, seed=4, workers=1, bootstrap=10)
    distributed = ganzdy.arena(rules, [spec, "greedy"], 4, seed=4, ray=True, workers=2, bootstrap=10)
    assert distributed.backend == "ray"
    assert [s.points for s in distributed.standings] == [s.points for s in local.standings]


def test_the_learned_agent_samples_with_a_temperature(tmp_path: Path) -> None:
    rules = ganzdy.Rules("guandan")
    path = saved(random_network(rules, seed=3), tmp_path)
    deal = rules.new_deal(seed=4)
    view = view_for(deal)
    greedy = make_agent(f"learned:path={path}")
    hot = make_agent(f"learned:path={path}:temperature=100:seed=1")
    again = make_agent(f"learned:path={path}:temperature=100:seed=1")
    picks = [hot.act(view) for _ in range(30)]
    assert picks == [again.act(view) for _ in range(30)]
    assert len(set(picks)) > 5  # near uniform at a high temperature
    assert {greedy.act(view) for _ in range(5)} == {
        view.legal_moves[Network.load(path).choose(deal)]
    }


def test_the_learned_agent_pickles_and_reloads(tmp_path: Path) -> None:
    rules = ganzdy.Rules("gan_deng_yan", players=4)
    path = saved(random_network(rules, seed=3), tmp_path)
    agent = make_agent(f"learned:path={path}:temperature=0.5:seed=2")
    copy = pickle.loads(pickle.dumps(agent))
    deal = rules.new_deal(seed=1)
    view = view_for(deal)
    assert [copy.act(view) for _ in range(10)] == [agent.act(view) for _ in range(10)]


def test_without_a_shipped_model_the_agent_says_how_to_train_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(agents_module, "MODELS", tmp_path)
    agent = make_agent("learned")
    view = view_for(ganzdy.Rules("gouji").new_deal(seed=1))
    with pytest.raises(
        AgentError, match=r"no model is shipped for gouji.*ganzdy train --game gouji"
    ):
        agent.act(view)
    with pytest.raises(AgentError, match=r"no model is shipped|cannot open"):
        make_agent("learned:game=guandan")
    with pytest.raises(AgentError, match="temperature"):
        make_agent("learned:temperature=-1")
    with pytest.raises(AgentError, match="game="):
        make_agent("learned:game=chess")


def test_the_shipped_model_is_loaded_for_the_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(agents_module, "MODELS", tmp_path)
    rules = ganzdy.Rules("guandan")
    saved(random_network(rules, seed=12), tmp_path, "guandan.gznn")
    deal = play_deal(rules, ["learned"] * 4, seed=2)
    assert deal.is_terminal
    assert make_agent("learned:game=guandan").network("guandan").game == "guandan"


@pytest.mark.parametrize("rules", [r for r, _ in RULES], ids=IDS)
def test_views_carry_the_seats_observation_and_move_features(rules: ganzdy.Rules) -> None:
    for k, deal in enumerate(positions(rules, deals=1, seed=13)):
        if k % 9:
            continue
        seat = deal.current_player
        view = view_for(deal)
        assert view.observation is not None and view.move_vectors is not None
        assert np.array_equal(view.observation, deal.observation(seat))
        assert view.observation.dtype == np.float32 and not view.observation.flags.writeable
        features = deal.legal_move_features()
        assert view.legal_move_features is not None
        for key, array in features.items():
            assert np.array_equal(view.legal_move_features[key], array)
        assert np.array_equal(view.move_vectors, move_vectors(features))
        assert len(view.move_vectors) == len(view.legal_moves)
        if rules.game == "gan_deng_yan":
            assert view.legal_ids is not None
            assert np.array_equal(view.legal_ids, deal.legal_ids())
        else:
            assert view.legal_ids is None
        # What the seat cannot tell apart gives the same view arrays.
        twin = view_for(deal.sample_world(seat, seed=k))
        assert np.array_equal(twin.observation, view.observation)
        assert np.array_equal(twin.move_vectors, view.move_vectors)


def test_a_settled_view_keeps_its_learning_fields() -> None:
    deal = ganzdy.Rules("guandan").new_deal(seed=3)
    view = view_for(deal)
    view.settle()
    deal.push(deal.legal_moves[0])
    assert view.observation is not None and view.move_vectors is not None
    assert len(view.move_vectors) == len(view.legal_moves)


def test_header_for_matches_the_files_required_keys() -> None:
    header = header_for(ganzdy.Rules("gouji"), (3,))
    assert set(ganzdy.network.REQUIRED_KEYS) <= set(header)


def test_the_learned_page_examples_run() -> None:
    page = Path(__file__).resolve().parents[2] / "docs" / "learned.md"
    failures, tried = doctest.testfile(
        str(page), module_relative=False, optionflags=doctest.ELLIPSIS, verbose=False
    )
    assert tried >= 15 and failures == 0
