"""Make the screenshots in docs/images/ (shown in docs/web.md and the README).

Runs ``ganzdy serve``'s app on a free loopback port and drives Debian's ``chromium`` with
Playwright, as the browser tests do (``pip install 'ganzdy[web]' playwright``,
``apt-get install -y chromium``, and a Chinese font for the 中文 view, e.g.
``apt-get install -y fonts-wqy-microhei``). Every game is started with a fixed seed (added to the
page's new-game request), so a rerun draws the same deals:

    python docs/images/make_screenshots.py            # writes docs/images/*.png
    python docs/images/make_screenshots.py OUT_DIR
"""

from __future__ import annotations

import json
import shutil
import sys
import tempfile
import threading
import time
from pathlib import Path

import uvicorn
from playwright.sync_api import Page, Route, sync_playwright

import ganzdy
from ganzdy.web import Limits, create_app

SEED = 7
# Turns taken with hint then play before each game's picture, so the table is in play.
TURNS = {"gan_deng_yan": 3, "guandan": 3, "gouji": 4}
VIEWPORT = {"width": 1100, "height": 820}


class Server:
    """uvicorn serving the app on 127.0.0.1 at a free port, in a thread."""

    def __init__(self) -> None:
        config = uvicorn.Config(create_app(Limits()), host="127.0.0.1", port=0, log_level="error")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> str:
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("uvicorn did not start")
            time.sleep(0.02)
        port = self.server.servers[0].sockets[0].getsockname()[1]
        return f"http://127.0.0.1:{port}"

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=30)


def seeded(route: Route) -> None:
    """The page's new-game request with the fixed seed added."""
    request = route.request
    if request.method != "POST":
        route.continue_()
        return
    body = json.loads(request.post_data or "{}")
    route.continue_(post_data=json.dumps({**body, "seed": SEED}))


def click(page: Page, testid: str) -> None:
    page.get_by_test_id(testid).click()
    page.wait_for_selector('body[data-busy="0"]', state="attached")


def turn(page: Page) -> None:
    """Take the hint and play it (or pass when the hint is a pass)."""
    click(page, "hint")
    marked = page.get_by_test_id("pass").get_attribute("class") or ""
    click(page, "pass" if "hinted" in marked else "play")


def new_game(page: Page, game: str) -> None:
    page.get_by_test_id("game-select").select_option(game)
    click(page, "new-game")
    page.wait_for_selector('[data-testid="hand-card"]')


def shoot(page: Page, path: Path) -> None:
    page.screenshot(path=str(path), full_page=False)
    print(f"{path} ({path.stat().st_size // 1024} KB)")


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    chromium = shutil.which("chromium")
    if chromium is None:
        sys.exit("Debian's chromium is needed: apt-get install -y chromium")
    with Server() as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, headless=True)
        page = browser.new_page(viewport=VIEWPORT)
        page.route("**/api/games", seeded)
        page.goto(base)
        page.wait_for_selector('[data-testid="game-select"] option', state="attached")
        for game, turns in TURNS.items():
            new_game(page, game)
            for _ in range(turns):
                if page.get_by_test_id("result").is_visible():
                    break
                turn(page)
            shoot(page, out / f"play-{game}.png")
        # A hint that plays cards: they are raised in the hand and the hint is written.
        new_game(page, "guandan")
        for _ in range(40):
            click(page, "hint")
            marked = page.get_by_test_id("pass").get_attribute("class") or ""
            if "hinted" not in marked:
                break
            click(page, "pass")
        shoot(page, out / "hint.png")
        # A replay of a finished record, every hand shown, stepped a dozen moves in.
        deal = ganzdy.play_deal(ganzdy.Rules("guandan"), ["greedy"] * 4, seed=4)
        with tempfile.TemporaryDirectory() as folder:
            record = Path(folder) / "deal.json"
            record.write_text(json.dumps(deal.to_record()), encoding="utf-8")
            page.get_by_test_id("replay-file").set_input_files(str(record))
            page.wait_for_selector('[data-testid="seats"] svg')
            page.wait_for_selector('body[data-busy="0"]', state="attached")
            for _ in range(12):
                click(page, "replay-forward")
            shoot(page, out / "replay.png")
        # The Chinese view of a Gan Deng Yan game in play.
        new_game(page, "gan_deng_yan")
        turn(page)
        page.get_by_test_id("lang").click()
        shoot(page, out / "chinese.png")
        browser.close()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).parent)
