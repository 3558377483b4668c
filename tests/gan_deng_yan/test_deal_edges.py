"""Edge cases found in review, each pinned so it stays fixed."""

import pytest

import ganzdy


@pytest.mark.parametrize(
    ("hands", "order"),
    [(["5s", "BJ", "RJ"], [0, 1, 2]), (["5s", "BJ", "RJ", "BJ"], [0, 1, 2, 3])],
)
def test_stuck_players_under_ranking_rank_in_turn_order_from_the_seat_due(
    hands: list[str], order: list[int]
) -> None:
    rules = ganzdy.Rules(
        "gan_deng_yan",
        players=len(hands),
        initial_hand_size=1,
        dealer_extra_cards=0,
        draw_policy="none",
        end_condition="ranking",
    )
    deal = rules.new_deal(deck=hands + str(rules.deck - " ".join(hands)).split())
    deal.push(deal.parse_move("5s"))
    while not deal.is_terminal:
        deal.push(ganzdy.Move("pass"))
    # Seat 0 went out; nobody left can lead (jokers only), so the deal stands and
    # the stuck players rank after it from seat 1, the seat due to lead.
    assert not deal.outcome.drawn and deal.outcome.winner == 0
    assert deal.outcome.finish_order == order


def test_repr_of_a_history_less_copy_shows_the_real_ply() -> None:
    deal = ganzdy.Rules("gan_deng_yan").new_deal(seed=7)
    for _ in range(5):
        deal.push(deal.legal_moves[0 if deal.table.is_pass else -1])
    copy = deal.copy(history=False)
    assert copy.ply == 5 and "ply 5," in repr(copy)


def test_outcomes_compare_by_value() -> None:
    deal = ganzdy.Rules("gan_deng_yan").new_deal(seed=7)
    assert deal.playout("random", seed=3) == deal.playout("random", seed=3)
    with pytest.raises(TypeError):
        hash(deal.outcome)
