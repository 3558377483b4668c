"""The examples in docs/ are run, so the output they show is what the engine prints."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

import ganzdy
from ganzdy import records

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"


@pytest.mark.parametrize(
    "name",
    [
        "deal.md",
        "gan_deng_yan.md",
        "records.md",
        "rules/gan_deng_yan.md",
        "rules/guandan.md",
        "rules/gouji.md",
        "guandan.md",
        "gouji.md",
        "ids_and_playouts.md",
        "envs.md",
        "vector_env.md",
        "solver.md",
    ],
)
def test_doc_examples_run(name: str) -> None:
    failures, tried = doctest.testfile(
        str(DOCS / name), module_relative=False, optionflags=doctest.ELLIPSIS, verbose=False
    )
    assert tried > 10 and failures == 0


def test_readme_examples_run() -> None:
    failures, tried = doctest.testfile(
        str(ROOT / "README.md"), module_relative=False, optionflags=doctest.ELLIPSIS, verbose=False
    )
    assert tried >= 9 and failures == 0


def test_observation_doc_examples_run() -> None:
    failures, tried = doctest.testfile(
        str(DOCS / "observations.md"),
        module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
        verbose=False,
    )
    assert tried >= 8 and failures == 0


def test_the_rules_page_lists_every_option_once_with_its_default() -> None:
    text = (DOCS / "rules" / "gan_deng_yan.md").read_text(encoding="utf-8")
    tables = re.findall(r"^\| Option \| Default \|.*?\n\n", text, re.M | re.S)
    assert len(tables) == 4  # combinations, the deal, scoring, the match
    rows = re.findall(r"^\| `(\w+)` \| ([^|]+) \|", "".join(tables), re.M)
    options = ganzdy.Rules("gan_deng_yan").options
    listed = {name: default.strip("` ") for name, default in rows}
    assert len(listed) == len(rows)  # no option twice
    assert sorted(listed) == sorted(options) and len(options) == 38
    for name, option in options.items():
        if name in ("packs", "bomb_min_size"):  # defaults that depend on other settings
            continue
        value = option.default
        assert listed[name] == (f'"{value}"' if isinstance(value, str) else str(value)), name


@pytest.mark.parametrize(
    ("game", "sections", "count"),
    [
        ("guandan", 4, 30),  # combinations, the deal, the match, tribute
        ("gouji", 3, 34),  # plays, the deal, scoring with tribute and the match
    ],
)
def test_a_rules_page_lists_every_option_once_with_its_default(
    game: str, sections: int, count: int
) -> None:
    text = (DOCS / "rules" / f"{game}.md").read_text(encoding="utf-8")
    tables = re.findall(r"^\| Option \| Default \|.*?(?:\n\n|\Z)", text, re.M | re.S)
    assert len(tables) == sections
    rows = re.findall(r"^\| `(\w+)` \| ([^|]+) \|", "".join(tables), re.M)
    options = ganzdy.Rules(game).options
    listed = {name: default.strip("` ") for name, default in rows}
    assert len(listed) == len(rows)  # no option twice
    assert sorted(listed) == sorted(options) and len(options) == count
    for name, option in options.items():
        value = option.default
        assert listed[name] == (f'"{value}"' if isinstance(value, str) else str(value)), name


def test_the_gouji_disputed_rules_name_real_options() -> None:
    text = (DOCS / "rules" / "gouji.md").read_text(encoding="utf-8")
    disputed = text[text.index("## Disputed rules") :]
    names = re.findall(r"^\| [^|]+ \| `(\w+)`", disputed, re.M)
    assert len(names) >= 11 and set(names) <= set(ganzdy.Rules("gouji").options)


def test_the_record_shown_in_records_md_is_what_dumps_writes() -> None:
    text = (DOCS / "records.md").read_text(encoding="utf-8")
    shown = re.search(r"```json\n(.*?)```", text, re.S)
    assert shown is not None
    rules = ganzdy.Rules("gan_deng_yan", players=2)
    agents = [ganzdy.GreedyAgent(), ganzdy.GreedyAgent()]
    deal = ganzdy.play_deal(rules, agents, seed=157, dealer=0)
    assert shown.group(1) == records.dumps(deal, ["greedy", "greedy"])
