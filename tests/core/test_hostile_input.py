"""Hostile input: every bad call raises a clear error and leaves the deal exactly as it was."""

import pickle

import pytest

import ganzdy
from ganzdy import Cards, Move, Rules

RULES = Rules("gan_deng_yan", players=4)


def midgame() -> ganzdy.GanDengYanDeal:
    deal = RULES.new_deal(seed=21)
    for _ in range(9):
        deal.push(deal.legal_moves[0 if deal.table.is_pass else -1])
    return deal


def unchanged(
    deal: ganzdy.GanDengYanDeal, call: object, error: type[BaseException], match: str | None = None
) -> None:
    """`call(deal)` raises `error` and the deal's record and hash are as before."""
    before = (deal.hash(), deal.to_record(), list(deal.legal_moves))
    with pytest.raises(error, match=match or None):
        call(deal)  # type: ignore[operator]
    assert (deal.hash(), deal.to_record(), list(deal.legal_moves)) == before


@pytest.mark.parametrize(
    ("call", "error", "match"),
    [
        (lambda d: d.push("5s"), TypeError, ""),
        (lambda d: d.push(None), TypeError, ""),
        (lambda d: d.apply(3), TypeError, ""),
        (
            lambda d: d.push(Move("single", "3", "3s 3s 3s 3s")),
            ganzdy.IllegalMoveError,
            "does not hold",
        ),
        (lambda d: d.push(Move("king_bomb", "", "BJ RJ")), ganzdy.IllegalMoveError, ""),
        (
            lambda d: d.apply(Move("single", "3", "3s 3s 3s 3s")),
            ganzdy.IllegalMoveError,
            "does not hold",
        ),
        (lambda d: d.apply_id(-5), ganzdy.IllegalMoveError, "out of range"),
        (lambda d: d.apply_id(10**15), ganzdy.IllegalMoveError, "out of range"),
        (lambda d: d.push_id(2**70), TypeError, ""),
        (lambda d: d.parse_move("5s Zs"), ganzdy.ParseError, "bad card 'Zs'"),
        (lambda d: d.parse_move("5s as flush 5"), ganzdy.ParseError, ""),
        (lambda d: d.parse_move("\x00\xff" * 50), ganzdy.ParseError, ""),
        (lambda d: d.hand(4), ganzdy.RulesError, "not a seat"),
        (lambda d: d.hand(-1), ganzdy.RulesError, "not a seat"),
        (lambda d: d.hand(2**80), ganzdy.RulesError, "not a seat"),
        (lambda d: d.hand("0"), TypeError, ""),
        (lambda d: d.is_legal("pass"), TypeError, ""),
    ],
)
def test_bad_calls_change_nothing(call: object, error: type[BaseException], match: str) -> None:
    unchanged(midgame(), call, error, match)


def test_moves_from_other_rules_are_refused() -> None:
    # A king bomb is a move of rules with king_bomb; under the default it is no combination.
    other = Rules(
        "gan_deng_yan", players=4, king_bomb="small_plus_big", stuck_leader="allow_joker_only_final"
    )
    deal = midgame()
    for move in (Move("king_bomb", "", "BJ RJ"), Move("jokers", "", "BJ")):
        assert other.move_id(move) >= 0
        unchanged(deal, lambda d, m=move: d.push(m), ganzdy.IllegalMoveError)


def test_the_end_and_the_beginning() -> None:
    deal = RULES.new_deal(seed=4)
    with pytest.raises(ganzdy.IllegalMoveError, match="no move to undo"):
        deal.pop()
    while not deal.is_terminal:
        deal.push(deal.legal_moves[-1])
    assert list(deal.legal_moves) == [] and deal.current_player is None
    for call in (
        lambda d: d.push(Move("pass")),
        lambda d: d.apply(Move("pass")),
        lambda d: d.apply_id(0),
    ):
        unchanged(deal, call, ganzdy.IllegalMoveError, "over")
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


def test_history_less_copies_refuse_what_needs_history() -> None:
    copy = midgame().copy(history=False)
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
