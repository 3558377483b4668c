"""Chinese card and game names, read by the engine so every entry point takes them:
golden pairs of Chinese and ASCII card text, the games' names in Rules, and error
messages that quote whole characters."""

from __future__ import annotations

import subprocess
import sys

import pytest

import ganzdy
from ganzdy.cli import main

# Chinese card text and the canonical text the engine prints for it.
GOLDEN_CARDS = [
    ("红桃A", "Ah"),
    ("黑桃10", "Ts"),
    ("方块3", "3d"),
    ("梅花K", "Kc"),
    ("小王", "BJ"),
    ("大王", "RJ"),
    ("方片4", "4d"),  # 方片 and 草花 are common spellings of 方块 and 梅花
    ("草花2", "2c"),
    ("红桃a", "Ah"),  # the rank in either case, as in ASCII text
    ("红桃A 黑桃A", "As Ah"),
    ("红桃A黑桃10大王", "Ts Ah RJ"),  # no separator, as ASCII text allows
    ("5s 红桃5, 小王", "5s 5h BJ"),  # mixed with ASCII and commas
    ("大王 小王 大王", "BJ RJ RJ"),
]


@pytest.mark.parametrize(("chinese", "canonical"), GOLDEN_CARDS)
def test_chinese_card_names_read_as_their_cards(chinese: str, canonical: str) -> None:
    assert str(ganzdy.Cards(chinese)) == canonical
    assert ganzdy.Cards(chinese) == ganzdy.Cards(canonical)


def test_every_card_of_a_pack_has_its_chinese_name() -> None:
    suits = {"s": "黑桃", "h": "红桃", "d": "方块", "c": "梅花"}
    ranks = "3456789TJQKA2"
    for rank in ranks:
        for suit, word in suits.items():
            name = word + ("10" if rank == "T" else rank)
            assert str(ganzdy.Cards(name)) == rank + suit


@pytest.mark.parametrize(
    ("chinese", "game"), [("干瞪眼", "gan_deng_yan"), ("掼蛋", "guandan"), ("够级", "gouji")]
)
def test_chinese_game_names_make_the_same_rules(chinese: str, game: str) -> None:
    rules = ganzdy.Rules(chinese)
    assert rules == ganzdy.Rules(game) and rules.game == game
    assert repr(rules) == repr(ganzdy.Rules(game))
    assert ganzdy.games.game_of(chinese).name == game


def test_moves_and_deals_read_chinese_cards() -> None:
    rules = ganzdy.Rules("干瞪眼")
    assert [str(m) for m in rules.legal_moves("红桃5 方块5 小王")] == [
        str(m) for m in rules.legal_moves("5h 5d BJ")
    ]
    deal = rules.new_deal(seed=1)
    hand = deal.hand(deal.current_player or 0)
    first = next(iter(hand))
    suits = {"s": "黑桃", "h": "红桃", "d": "方块", "c": "梅花"}
    names = {"BJ": "小王", "RJ": "大王"}
    chinese = names.get(first) or suits[first[1]] + ("10" if first[0] == "T" else first[0])
    assert deal.parse_move(chinese) == deal.parse_move(first)


@pytest.mark.parametrize(
    ("text", "quoted"),
    [
        ("红", "'红'"),
        ("红心A", "'红心A'"),
        ("红桃Z", "'红桃Z'"),
        ("黑桃", "'黑桃'"),
        ("王王王王王", "'王王王王'"),  # at most four characters, each whole
    ],
)
def test_errors_quote_whole_characters(text: str, quoted: str) -> None:
    with pytest.raises(ganzdy.ParseError) as caught:
        ganzdy.Cards(text)
    message = str(caught.value)
    assert f"bad card {quoted}" in message
    assert "\\x" not in message and "\ufffd" not in message
    assert "at character 0" in message


def test_a_bad_card_after_chinese_ones_is_found_by_its_character() -> None:
    with pytest.raises(ganzdy.ParseError, match=r"bad card 'zz' \(card 3, at character 7\)"):
        ganzdy.Cards("红桃A 大王 zz")


def test_a_long_input_is_cut_between_characters() -> None:
    text = "红" * 60  # 180 bytes: the quote's 100-byte limit falls inside a character
    with pytest.raises(ganzdy.ParseError) as caught:
        ganzdy.Cards(text)
    message = str(caught.value)
    assert "\\x" not in message and "红" * 33 in message


def test_unknown_game_lists_the_chinese_names_too() -> None:
    with pytest.raises(ganzdy.RulesError, match="干瞪眼 掼蛋 够级"):
        ganzdy.Rules("扑克")


def test_the_command_line_takes_chinese_names(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["moves", "红桃A 黑桃A 小王", "--game", "掼蛋"]) == 0
    out = capsys.readouterr().out
    assert "legal leads from 红桃A 黑桃A 小王 (guandan v1, 4 players)" in out
    assert "As Ah as pair A" in out


def test_the_command_line_quotes_a_bad_chinese_card_whole() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "ganzdy", "moves", "红桃"],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
    )
    assert done.returncode == 2
    assert "bad card '红桃'" in done.stderr and "\\x" not in done.stderr
