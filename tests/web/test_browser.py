"""The page in a real browser: headless Chromium (Debian's ``chromium`` package) driven by
Playwright plays a whole deal of every game with hint then play (or pass), replays a
record step by step, and switches to Chinese; screenshots go to the test's tmp dir."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

import ganzdy
from ganzdy import Rules
from ganzdy.web import Limits
from web_load import Server

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    with Server(Limits()) as base:
        yield base


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    chromium = shutil.which("chromium")
    assert chromium, "the browser tests drive Debian's chromium: apt-get install -y chromium"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, headless=True)
        yield browser
        browser.close()


@pytest.fixture
def page(browser: Browser, base_url: str) -> Iterator[Page]:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(base_url)
    page.wait_for_selector('[data-testid="game-select"] option', state="attached")
    yield page
    page.close()
    assert errors == [], errors


def _click(page: Page, testid: str) -> None:
    """Click, then wait until the page has its answer drawn (it marks itself busy)."""
    page.get_by_test_id(testid).click()
    page.wait_for_selector('body[data-busy="0"]', state="attached")


def _turn(page: Page) -> None:
    """Take the hint: its cards are selected (or pass is marked); then play or pass."""
    _click(page, "hint")
    assert page.get_by_test_id("error").inner_text() == ""
    marked = page.get_by_test_id("pass").get_attribute("class") or ""
    _click(page, "pass" if "hinted" in marked else "play")
    assert page.get_by_test_id("error").inner_text() == ""


@pytest.mark.parametrize("game", ganzdy.GAMES)
def test_a_whole_deal_through_the_page(page: Page, game: str, tmp_path: Path) -> None:
    page.get_by_test_id("game-select").select_option(game)
    _click(page, "new-game")
    page.wait_for_selector('[data-testid="hand-card"]')
    page.screenshot(path=str(tmp_path / f"{game}-start.png"))
    for _ in range(500):
        if page.get_by_test_id("result").is_visible():
            break
        _turn(page)
    assert page.get_by_test_id("result").is_visible()
    assert page.get_by_test_id("log").locator("li").count() > 0
    page.screenshot(path=str(tmp_path / f"{game}-end.png"))


def test_undo_and_selecting_cards(page: Page) -> None:
    page.get_by_test_id("game-select").select_option("gan_deng_yan")
    _click(page, "new-game")
    page.wait_for_selector('[data-testid="hand-card"]')
    cards = page.get_by_test_id("hand-card")
    before = cards.count()
    cards.first.click()
    assert "selected" in (cards.first.get_attribute("class") or "")
    cards.first.click()
    _turn(page)
    if page.get_by_test_id("result").is_visible():
        return
    _click(page, "undo")
    assert page.get_by_test_id("hand-card").count() == before


def test_replay_and_chinese(page: Page, tmp_path: Path) -> None:
    deal = ganzdy.play_deal(Rules("guandan"), ["greedy"] * 4, seed=4)
    record = tmp_path / "deal.json"
    record.write_text(json.dumps(deal.to_record()), encoding="utf-8")
    page.get_by_test_id("replay-file").set_input_files(str(record))
    page.wait_for_selector('[data-testid="seats"] svg')
    page.wait_for_selector('body[data-busy="0"]', state="attached")
    for _ in range(5):
        _click(page, "replay-forward")
    assert page.get_by_test_id("log").locator("li").count() == 5
    _click(page, "replay-back")
    assert page.get_by_test_id("log").locator("li").count() == 4
    fields = {k: v for k, v in deal.to_record().items() if k != "outcome"}
    at_four = ganzdy.from_record({**fields, "moves": fields["moves"][:4]})
    # Every hand is drawn in a replay, card by card.
    assert page.get_by_test_id("seats").locator("svg").count() == sum(at_four.hand_sizes)
    page.get_by_test_id("lang").click()
    assert page.get_by_test_id("new-game").inner_text() == "新游戏"
    page.screenshot(path=str(tmp_path / "replay-zh.png"))
