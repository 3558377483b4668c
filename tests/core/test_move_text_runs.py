"""Issue 16: move text is read whole; a run's last rank must agree with its cards."""

from __future__ import annotations

import pytest

import ganzdy


@pytest.mark.parametrize(
    "text",
    [
        "9s Jc RJ as straight 9-K",
        "9s Jc RJ as straight 9-Jzzz",
        "9s Jc RJ as straight 9-J\x00junk",
        "9s Jc RJ as straight 9-",
        "9s Jc RJ as straight 9-T",
        "9s 9c as pair 9-T",
        "5s 5h 6s 6h as pairs 5-7",
        "9s Jc RJ as straight 9-J " + "x" * 500,
    ],
)
def test_a_run_that_does_not_match_its_cards_or_trailing_junk_is_refused(text: str) -> None:
    with pytest.raises(ganzdy.ParseError) as caught:
        ganzdy.Move.parse(text)
    message = str(caught.value)
    assert "\x00" not in message
    # The input is quoted, cut to about a hundred characters.
    assert text[:20].replace("\x00", "\\x00") in message
    assert len(message) < 400


@pytest.mark.parametrize(
    ("text", "kind", "rank"),
    [
        ("9s Jc RJ as straight 9-J", "straight", "9"),
        ("9s Jc RJ as straight 9", "straight", "9"),
        ("5s 5h 6s 6h as pairs 5-6", "pairs", "5"),
        ("As 2s 3s 4s 5s as straight A-5", "straight", "A"),
    ],
)
def test_a_run_whose_last_rank_agrees_is_read(text: str, kind: str, rank: str) -> None:
    move = ganzdy.Move.parse(text)
    assert (move.kind, move.rank) == (kind, rank)
    assert ganzdy.Move.parse(str(move)) == move
