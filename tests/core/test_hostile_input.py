"""Hostile input: every bad call raises a clear error and leaves the deal exactly as it was,
in every game."""

import pickle
from collections.abc import Callable

import pytest

import ganzdy
from ganzdy import Cards, Move, Rules

RULES = Rules("gan_deng_yan", players=4)

Call = Callable[[ganzdy.Deal], object]


def midgame(game: str = "gan_deng_yan") -> ganzdy.Deal:
    """A deal of ``game`` nine plies in, past Gouji's buying and Guandan's first leads."""
    deal = ganzdy.Rules(game).new_deal(seed=21)
    for ply in range(9):
        moves = deal.legal_moves
        # Vary the choice so the nine plies are not all passes or all the biggest move.
        deal.push(moves[(ply * 7) % len(moves)])
    assert not deal.is_terminal
    return deal


def unchanged(deal: ganzdy.Deal, call: Call, error: type[BaseException], match: str = "") -> None:
    """`call(deal)` raises `error` and the deal's record, hash and legal moves are as before."""
    before = (deal.hash(), deal.to_record(), deal.history, list(deal.legal_moves))
    with pytest.raises(error, match=match or None):
        call(deal)
    assert (deal.hash(), deal.to_record(), deal.history, list(deal.legal_moves)) == before


# Calls every game's deal refuses, whatever the position: the Deal protocol's members.
EVERY_GAME: list[tuple[str, Call, type[BaseException], str]] = [
    ("push text", lambda d: d.push("5s"), TypeError, ""),  # type: ignore[arg-type]
    ("push None", lambda d: d.push(None), TypeError, ""),  # type: ignore[arg-type]
    ("apply int", lambda d: d.apply(3), TypeError, ""),  # type: ignore[arg-type]
    (
        "push unheld",
        lambda d: d.push(Move("single", "3", "3s 3s 3s 3s")),
        ganzdy.IllegalMoveError,
        "",
    ),
    (
        "apply unheld",
        lambda d: d.apply(Move("single", "3", "3s 3s 3s 3s")),
        ganzdy.IllegalMoveError,
        "",
    ),
    ("parse bad card", lambda d: d.parse_move("5s Zs"), ganzdy.ParseError, "bad card 'Zs'"),
    ("parse bad kind", lambda d: d.parse_move("5s as flush 5"), ganzdy.ParseError, ""),
    ("parse junk", lambda d: d.parse_move("\x00\xff" * 50), ganzdy.ParseError, ""),
    ("parse int", lambda d: d.parse_move(5), TypeError, ""),  # type: ignore[arg-type]
    ("hand past seats", lambda d: d.hand(d.players), ganzdy.RulesError, "not a seat"),
    ("hand -1", lambda d: d.hand(-1), ganzdy.RulesError, "not a seat"),
    ("hand huge", lambda d: d.hand(2**80), ganzdy.RulesError, "not a seat"),
    ("hand text", lambda d: d.hand("0"), TypeError, ""),  # type: ignore[arg-type]
    ("is_out past seats", lambda d: d.is_out(d.players), ganzdy.RulesError, "not a seat"),
    ("is_legal text", lambda d: d.is_legal("pass"), TypeError, ""),  # type: ignore[arg-type]
    ("why_illegal None", lambda d: d.why_illegal(None), TypeError, ""),  # type: ignore[arg-type]
    ("observation past seats", lambda d: d.observation(99), ganzdy.RulesError, "not a seat"),
    ("sample_world past seats", lambda d: d.sample_world(99, 1), ganzdy.RulesError, "not a seat"),
    ("sample_world text seed", lambda d: d.sample_world(0, "x"), TypeError, "seed"),  # type: ignore[arg-type]
    ("copy text history", lambda d: d.copy(history="yes"), TypeError, ""),  # type: ignore[arg-type]
    ("to_record text agents", lambda d: d.to_record(agents="ab"), TypeError, "agents"),  # type: ignore[arg-type]
]


@pytest.mark.parametrize("game", ganzdy.GAMES)
@pytest.mark.parametrize(
    ("call", "error", "match"),
    [pytest.param(call, error, match, id=name) for name, call, error, match in EVERY_GAME],
)
def test_bad_calls_change_nothing(
    game: str, call: Call, error: type[BaseException], match: str
) -> None:
    unchanged(midgame(game), call, error, match)


@pytest.mark.parametrize(
    ("call", "error", "match"),
    [
        (lambda d: d.push(Move("king_bomb", "", "BJ RJ")), ganzdy.IllegalMoveError, ""),
        (lambda d: d.apply_id(-5), ganzdy.IllegalMoveError, "out of range"),
        (lambda d: d.apply_id(10**15), ganzdy.IllegalMoveError, "out of range"),
        (lambda d: d.push_id(2**70), TypeError, ""),
        (lambda d: d.push_id("1"), TypeError, ""),
    ],
)
def test_bad_gan_deng_yan_calls_change_nothing(
    call: Callable[[ganzdy.GanDengYanDeal], object], error: type[BaseException], match: str
) -> None:
    """What only Gan Deng Yan's deal has: moves by id, and moves of other rules' presets."""
    deal = midgame()
    assert isinstance(deal, ganzdy.GanDengYanDeal)
    unchanged(deal, call, error, match)  # type: ignore[arg-type]


@pytest.mark.parametrize("game", ganzdy.GAMES)
def test_moves_of_another_game_are_refused(game: str) -> None:
    deal = midgame(game)
    for other in ganzdy.GAMES:
        if other == game:
            continue
        foreign = midgame(other)
        for move in list(foreign.legal_moves)[:5]:
            if deal.is_legal(move):
                continue  # the same cards and reading can be legal here too
            unchanged(deal, lambda d, m=move: d.push(m), ganzdy.IllegalMoveError)
            unchanged(deal, lambda d, m=move: d.apply(m), ganzdy.IllegalMoveError)


def test_moves_from_other_rules_are_refused() -> None:
    # A king bomb is a move of rules with king_bomb; under the default it is no combination.
    other = Rules(
        "gan_deng_yan", players=4, king_bomb="small_plus_big", stuck_leader="allow_joker_only_final"
    )
    deal = midgame()
    for move in (Move("king_bomb", "", "BJ RJ"), Move("jokers", "", "BJ")):
        assert other.move_id(move) >= 0
        unchanged(deal, lambda d, m=move: d.push(m), ganzdy.IllegalMoveError)


@pytest.mark.parametrize("game", ganzdy.GAMES)
def test_the_end_and_the_beginning(game: str) -> None:
    deal = ganzdy.Rules(game).new_deal(seed=4)
    unchanged(deal, lambda d: d.pop(), ganzdy.IllegalMoveError, "no move to undo")
    while not deal.is_terminal:
        deal.push(deal.legal_moves[-1])
    assert list(deal.legal_moves) == [] and deal.current_player is None
    for call in (lambda d: d.push(Move("pass")), lambda d: d.apply(Move("pass"))):
        unchanged(deal, call, ganzdy.IllegalMoveError, "over")
    if isinstance(deal, ganzdy.GanDengYanDeal):
        unchanged(deal, lambda d: d.apply_id(0), ganzdy.IllegalMoveError, "over")  # type: ignore[attr-defined]
        assert deal.legal_ids().tolist() == [] and not deal.legal_mask().any()


def test_bad_deal_arguments() -> None:
    with pytest.raises(ganzdy.RulesError, match="dealer=4 is not a seat"):
        RULES.new_deal(seed=1, dealer=4)
    with pytest.raises(ganzdy.RulesError, match="seed='x' is not allowed"):
        RULES.new_deal(seed="x")  # type: ignore[arg-type]
    with pytest.raises(ganzdy.RulesError, match="not both"):
        RULES.new_deal(seed=1, deck=" ".join(RULES.deck))
    deck = list(RULES.deck)
    with pytest.raises(ganzdy.DeckError, match="more than 2 x 3s"):
        RULES.new_deal(deck=[*deck[:-1], "3s"])
    with pytest.raises(ganzdy.DeckError, match="missing"):
        RULES.new_deal(deck=deck[:-1])
    with pytest.raises(ganzdy.ParseError):
        RULES.new_deal(deck=[*deck[:-1], "5s5h"])
    # Any Python int is a seed (taken modulo 2^64), so huge or negative seeds replay.
    assert RULES.new_deal(seed=-1).deck == RULES.new_deal(seed=2**64 - 1).deck


@pytest.mark.parametrize("game", ganzdy.GAMES)
def test_history_less_copies_refuse_what_needs_history(game: str) -> None:
    copy = midgame(game).copy(history=False)
    with pytest.raises(ganzdy.IllegalMoveError, match="without history"):
        copy.pop()
    with pytest.raises(ganzdy.IllegalMoveError, match="cannot be pickled"):
        pickle.dumps(copy)
    with pytest.raises(ganzdy.RecordError):
        copy.to_record()


def test_cards_and_rules_with_wrong_types() -> None:
    with pytest.raises(TypeError):
        Cards(["5s"])  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        RULES.legal_moves(Cards("5s"), "5d")  # type: ignore[arg-type]
    with pytest.raises(ganzdy.RulesError):
        Rules("gan_deng_yan", players=4, base=2**70)
    with pytest.raises(ganzdy.RulesError):
        Rules("gan_deng_yan", players=4, king_bomb=None)


def test_gan_deng_yan_deals_refuse_other_games_rules() -> None:
    """A Guandan deal is a GuandanDeal: every way to make a Gan Deng Yan deal says so."""
    rules = ganzdy.Rules("guandan")
    with pytest.raises(ganzdy.RulesError, match=r"a Guandan deal is ganzdy\.GuandanDeal"):
        ganzdy.GanDengYanDeal(rules, seed=1)
    with pytest.raises(ganzdy.RulesError, match="needs Gan Deng Yan rules"):
        rules.position(hands=["5s", "6s", "7s", "8s"], to_act=0)
