"""What the PettingZoo and Gymnasium adapters share: spaces, observations, deals, text.

Private: the public names are in ``ganzdy.env.pettingzoo`` and ``ganzdy.env.gymnasium``.
"""

from __future__ import annotations

import math
import operator
from collections.abc import Callable, Mapping
from typing import Any, Literal, cast

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from ganzdy._check import excerpt, instance, optional_integral
from ganzdy._core import GanDengYanDeal, GanzdyError, IllegalMoveError, Rules
from ganzdy.env.encoding import RANK_SLOTS
from ganzdy.games import DEFAULT_GAME, game_of

# An observation as both adapters return it, and an action as they take it (PettingZoo
# steps None for an agent whose episode is over).
Observation = dict[str, npt.NDArray[Any]]
Action = int | np.integer[Any] | None
IllegalAction = Literal["raise", "terminate"]


def make_rules(rules: Rules | str | None, options: dict[str, Any]) -> Rules:
    """``rules`` itself, or the rules of the game ``rules`` names (None: ``DEFAULT_GAME``)
    with ``options`` (``players=`` among them)."""
    if rules is None or isinstance(rules, str):
        return Rules(rules or DEFAULT_GAME, **options)
    if not isinstance(rules, Rules):
        raise TypeError(
            f"rules must be a ganzdy.Rules, not {type(rules).__name__} {excerpt(rules)}"
        )
    if options:
        names = ", ".join(sorted(options))
        raise GanzdyError(f"give either rules or rule options ({names}), not both")
    return rules


def check_illegal_action(mode: str) -> IllegalAction:
    if mode == "raise":
        return "raise"
    if mode == "terminate":
        return "terminate"
    raise GanzdyError(f"illegal_action={excerpt(mode)}: expected 'raise' or 'terminate'")


def check_render_mode(render_mode: str | None, modes: list[str]) -> str | None:
    if render_mode is not None and render_mode not in modes:
        raise GanzdyError(f"render_mode={excerpt(render_mode)}: expected None or 'ansi'")
    return render_mode


def reset_arguments(seed: Any, options: Any) -> tuple[int | None, Any]:
    """A reset's ``seed`` (None or an int, not negative, as Gymnasium's seeding takes it)
    and ``options`` (None or a mapping), checked before anything is reset."""
    number = optional_integral("seed", seed)
    if number is not None and number < 0:
        raise GanzdyError(f"seed={number}: expected None or an int, not negative")
    if options is not None:
        instance("options", options, Mapping, "a mapping or None")
    return number, options


def check_reward(name: str, value: float) -> float:
    """A reward as a float: a number (a bool is refused, as a mistake), finite."""
    number = instance(name, value, (int, float, np.integer, np.floating), "a number")
    if isinstance(number, bool | np.bool_) or not math.isfinite(float(number)):
        raise GanzdyError(f"{name}={excerpt(value)}: expected a finite number")
    return float(number)


def observation_high(rules: Rules) -> npt.NDArray[np.float32]:
    """The most each value of ``rules``' observation vector can be (the least is 0).

    One-hot slots are at most 1; per-rank slots at most the copies of that rank slot
    in the deck; every other count (hand sizes, stock, plays, bombs) at most the deck.
    """
    deck = rules.deck
    per_slot = [0] * len(RANK_SLOTS)
    for card in deck:
        per_slot[RANK_SLOTS.index(card if card in ("BJ", "RJ") else card[0])] += 1
    high = np.full(rules.observation_shape, float(len(deck)), dtype=np.float32)
    for part in rules.observation_spec():
        if part.description.startswith("one-hot") or part.name == "out":
            high[part.start : part.stop] = 1.0
        elif "per rank slot" in part.description and part.size == len(RANK_SLOTS):
            high[part.start : part.stop] = per_slot
    return high


def observation_space(rules: Rules) -> spaces.Dict:
    """``{"observation": Box(float32), "action_mask": Box(int8, 0..1)}`` for ``rules``."""
    high = observation_high(rules)
    return spaces.Dict(
        {
            "observation": spaces.Box(
                low=np.zeros_like(high), high=high, shape=high.shape, dtype=np.float32
            ),
            "action_mask": spaces.Box(low=0, high=1, shape=(rules.num_moves,), dtype=np.int8),
        }
    )


def observe(deal: GanDengYanDeal, seat: int) -> Observation:
    """The seat's own observation, and its action mask: the legal ids when it is to act."""
    if deal.current_player == seat:
        mask = deal.legal_mask().view(np.int8)
    else:
        mask = np.zeros(deal.rules.num_moves, dtype=np.int8)
    return {"observation": deal.observation(seat), "action_mask": mask}


def no_legal_ids() -> npt.NDArray[np.int32]:
    return np.zeros(0, dtype=np.int32)


def start_deal(
    rules: Rules, rng: np.random.Generator, options: Mapping[str, Any] | None
) -> GanDengYanDeal:
    """The deal a reset starts: from ``rng`` (a 64-bit seed and a dealer), or as options say.

    Options: ``deal`` (a deal of these rules to play on from, copied), ``deck`` (a
    deck order, top card first) and ``dealer`` (a seat). The seed and dealer are drawn
    from ``rng`` either way, so options do not shift the deals of later resets.
    """
    seed = int(rng.integers(0, 2**64, dtype=np.uint64))
    dealer = int(rng.integers(rules.players))
    options = options or {}
    game = game_of(rules)
    given = options.get("deal")
    if given is not None:
        if not isinstance(given, game.deal):
            name = game.deal.__name__
            raise GanzdyError(f"reset option 'deal' must be a ganzdy.{name}, not {given!r}")
        if given.rules != rules:
            raise GanzdyError(
                f"reset option 'deal' is a deal of {given.rules}; this env plays {rules}"
            )
        if given.is_terminal:
            raise GanzdyError("reset option 'deal' is a deal that is already over")
        return cast(GanDengYanDeal, given.copy())
    if options.get("dealer") is not None:
        dealer = operator.index(options["dealer"])
    deck = options.get("deck")
    deal = game.new_deal(rules, None if deck is not None else seed, dealer, deck=deck)
    return cast(GanDengYanDeal, deal)


def action_id(action: object, num_moves: int, who: str) -> int:
    """The action as a move id; an action outside Discrete(num_moves) raises IllegalMoveError."""
    if not isinstance(action, int | np.integer) or isinstance(action, bool):
        raise IllegalMoveError(
            f"{who}: action {excerpt(action)} is not a move id (an integer 0 to {num_moves - 1})"
        )
    value = int(action)
    if not 0 <= value < num_moves:
        raise IllegalMoveError(
            f"{who}: action {value} is outside the action space Discrete({num_moves})"
        )
    return value


def illegal_action_error(deal: GanDengYanDeal, action: int, who: str) -> IllegalMoveError:
    """The error for an in-range action that is no legal move now, with the engine's reason."""
    probe = deal.copy(history=False)
    try:
        probe.push_id(action)  # raises, saying why; only the copy could change
        reason = "not among the legal ids"
    except IllegalMoveError as error:
        reason = str(error)
    legal = deal.legal_ids().tolist()
    listed = ", ".join(map(str, legal[:12])) + (", ..." if len(legal) > 12 else "")
    return IllegalMoveError(
        f"{who} played action {action}, which is not legal here: {reason} (legal ids: {listed})"
    )


def render_text(deal: GanDengYanDeal, viewer: int | None, name: Callable[[int], str]) -> str:
    """The deal as text, as ``viewer`` may see it: its own hand, the others' counts.

    Every hand is shown once the deal is over (the losers pay by the cards they hold,
    so they are laid down). ``viewer=None`` hides every hand while the deal runs.
    """
    over = deal.is_terminal
    players = deal.players
    lines = [
        f"{deal.rules}; dealer {name(deal.dealer)}, stock {deal.stock_size}, "
        f"bombs played {deal.bombs_played}, ply {deal.ply}"
    ]
    table = deal.table
    owner = deal.table_owner
    if table.is_pass or owner is None:
        lines.append("table: (empty)" if over else "table: (lead)")
    else:
        passes = (
            f", then {deal.passes} pass{'es' if deal.passes != 1 else ''}" if deal.passes else ""
        )
        lines.append(f"table: {table} by {name(owner)}{passes}")
    width = max(len(name(seat)) for seat in range(players))
    to_act = deal.current_player
    for seat in range(players):
        hand = deal.hand(seat)
        marker = ">" if seat == to_act else " "
        tag = " (dealer)" if seat == deal.dealer else "         "
        shown = str(hand) if over or seat == viewer else "(hidden)"
        if len(hand) == 0:
            shown = ""
        out = " [out]" if deal.is_out(seat) else ""
        lines.append(
            f"{marker} {name(seat):<{width}}{tag} {len(hand):>2} cards: {shown}{out}".rstrip()
        )
    history = deal.history
    if history:
        recent = "; ".join(f"{name(seat)}: {move}" for seat, move in history[-players:])
        lines.append(f"last moves: {recent}")
    if over:
        outcome = deal.outcome
        result = (
            "drawn" if outcome.drawn or outcome.winner is None else f"won by {name(outcome.winner)}"
        )
        points = ", ".join(f"{name(seat)} {p:+d}" for seat, p in enumerate(outcome.points))
        lines.append(f"deal over, {result}; points: {points}")
    return "\n".join(lines) + "\n"
