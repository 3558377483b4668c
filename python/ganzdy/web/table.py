"""A game in the browser: one person's seat at a table of bots, a table of bots alone,
or a finished record replayed; deals in a row kept by the game's own match class.

The deal is played here one request at a time, but what happens between deals
(Gan Deng Yan's dealer and points, Guandan's levels and tribute, Gouji's points and
tribute) is the match's: when a deal ends, its moves are replayed into the match's
``play_next`` by script agents, and the match's deal is checked to be the one played.
"""

from __future__ import annotations

import collections
import dataclasses
import threading
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ganzdy import records
from ganzdy._core import (
    ISMCTS_DEFAULT_ITERATIONS,
    AmbiguousMoveError,
    Cards,
    GanzdyError,
    GoujiDeal,
    Move,
    Rules,
    deal_seed,
)
from ganzdy.agents import ISMCTS, Agent, SeatView, known_agents, make_agent
from ganzdy.deal import Deal
from ganzdy.games import GAMES, game_of
from ganzdy.match import Match, derive_seed
from ganzdy.web.wire import JSON, move_json, open_state, outcome_json, plain, seat_state

# Agents a request may name: every registered one but the terminal's person.
_NOT_BOTS = frozenset({"human"})
# Deals a Gan Deng Yan match lasts unless asked otherwise (Guandan and Gouji matches
# have their own length: passing A, and the rules' hands_per_match).
GAN_DENG_YAN_DEALS = 8
# A bot's or a hint's search budget a decision: one request must not hold a core long.
MAX_ITERATIONS = 20_000
MAX_SECONDS = 5.0


class WebError(GanzdyError):
    """A request the table refuses; ``status`` is the HTTP status to answer with."""

    def __init__(self, message: str, status: int = 400, **extra: Any) -> None:
        super().__init__(message)
        self.status = status
        self.extra = extra


def bot(spec: str, seed: int) -> Agent:
    """A bot from a ``make_agent`` spec; the terminal's person is no bot."""
    if not isinstance(spec, str):
        raise WebError(f"a bot is an agent spec string such as 'greedy', not {spec!r}")
    name = spec.split(":", 1)[0].strip().lower()
    if name in _NOT_BOTS:
        bots = ", ".join(n for n in known_agents() if n not in _NOT_BOTS)
        raise WebError(f"{spec!r} is no bot: the bots are {bots}")
    agent = make_agent(spec, seed=seed)
    if isinstance(agent, ISMCTS) and (
        (agent.iterations or ISMCTS_DEFAULT_ITERATIONS) > MAX_ITERATIONS
        or (agent.time_limit or 0) > MAX_SECONDS
        or agent.threads > 1
    ):
        raise WebError(
            f"{spec!r} searches too long for a shared server: at most "
            f"{MAX_ITERATIONS} iterations, {MAX_SECONDS} seconds and 1 thread a decision"
        )
    return agent


class _Script:
    """Moves already played at the table, handed to the match's agents in order."""

    def __init__(self, moves: Sequence[tuple[int, Move]]) -> None:
        self.moves = collections.deque(moves)


@dataclasses.dataclass
class _ScriptAgent:
    """Plays back the table's moves for one seat inside the match."""

    script: _Script
    name: str

    def act(self, view: SeatView) -> Move:
        if not self.script.moves:
            raise GanzdyError("the match asked for more moves than the table played")
        seat, move = self.script.moves.popleft()
        if seat != view.seat:
            raise GanzdyError(f"the match asked seat {view.seat} to move, the table had {seat}")
        return move


# What the table needs of each game's match that the match classes do not share: the
# deal it would deal after ``again`` re-deals in the step under way, whether a finished
# deal is counted (a drawn Gan Deng Yan deal within its re-deals and a void Gouji hand
# are dealt again), and its scores so far. Each reads the match's own fields.


@dataclasses.dataclass(frozen=True)
class _Steps:
    next_deal: Callable[[Any, int], Deal]
    counted: Callable[[Any, Any, int], bool]
    scores: Callable[[Any], JSON]


_STEPS: dict[str, _Steps] = {
    "gan_deng_yan": _Steps(
        next_deal=lambda match, again: match.rules.new_deal(
            deal_seed(match.seed, match.dealt + again), match.dealer
        ),
        counted=lambda match, outcome, again: not outcome.drawn or again >= match.max_redeals,
        scores=lambda match: {"points": list(match.points)},
    ),
    "guandan": _Steps(
        next_deal=lambda match, again: match.next_deal(),
        counted=lambda match, outcome, again: True,
        scores=lambda match: {
            "team_levels": list(match.state.levels),
            "banker": match.state.banker,
            "winner": match.state.winner,
        },
    ),
    "gouji": _Steps(
        next_deal=lambda match, again: GoujiDeal(
            match.rules, deal_seed(match.seed, match.deals_dealt + again), previous=match.previous
        ),
        counted=lambda match, outcome, again: not outcome.void_hand,
        scores=lambda match: {
            "totals": list(match.totals),
            "team_totals": list(match.team_totals),
            "winner": match.winner,
        },
    ),
}


class Table:
    """One game: a seat for a person (or none: bots only) at a table of bots, in a match.

    ``bots[s]`` is the spec of the bot at seat ``s`` (``None`` at the person's seat).
    Every method is called under ``lock`` by the app, one request at a time.
    """

    def __init__(
        self,
        rules: Rules,
        seat: int | None,
        bots: Sequence[str | None],
        seed: int,
        deals: int | None = None,
        make_bot: Callable[[str, int], Agent] = bot,
    ) -> None:
        game = game_of(rules)
        if len(bots) != rules.players:
            raise WebError(f"{len(bots)} seats given for the {rules.players} of {rules}")
        self.lock = threading.Lock()
        self.rules = rules
        self.steps = _STEPS[game.name]
        self.seat = seat
        self.specs = list(bots)
        self.bots: list[Agent | None] = [
            None if spec is None else make_bot(spec, derive_seed(seed, 7, s))
            for s, spec in enumerate(bots)
        ]
        names = ["you" if spec is None else spec for spec in bots]
        self._script = _Script(())
        agents = [_ScriptAgent(self._script, name) for name in names]
        length = deals if deals is not None else (GAN_DENG_YAN_DEALS if game.teams == 0 else None)
        self.match: Match[Any] = game.match(rules, agents, length, seed)
        # The deals of the match step under way: a drawn or void deal is dealt again
        # before the match counts one.
        self.step: list[Deal] = []
        self.step_moves: list[tuple[int, Move]] = []
        self.summaries: list[JSON] = []
        # Told of every move as it is pushed (the terminal prints them); the deal has
        # moved already, as a match's on_move sees it.
        self.on_move: Callable[[Deal, int, Move], None] | None = None
        self._deal_next()

    # -- deals ------------------------------------------------------------------

    def _deal_next(self) -> None:
        self.deal = self.steps.next_deal(self.match, len(self.step))
        self.step.append(self.deal)
        self.history: list[tuple[int, Move]] = []
        self.my_plies: list[int] = []
        self.summary: JSON | None = None

    def _finish_deal(self) -> None:
        """The deal is over: deal it again, or let the match count the step's deals."""
        self.step_moves += self.history
        if not self.steps.counted(self.match, self.deal.outcome, len(self.step) - 1):
            self._deal_next()
            return
        self._script.moves.extend(self.step_moves)
        result = self.match.play_next()
        last = self.match.last_deal
        if last is None or last.hash() != self.deal.hash() or self._script.moves:
            raise GanzdyError("the match played another deal than the table: a bug in ganzdy.web")
        summary = plain(dataclasses.replace(result, record=None))
        summary.pop("record", None)
        record = records.to_record(self.deal, self._names())
        # The deck replays the deal; the seed would not be safe to show, as the match's
        # later deals are dealt from seeds derived alike from the match's one seed.
        record["seed"] = None
        if record.get("first_leader", 0) is None:
            # A first leader the seed drew must be given with a deck.
            record["first_leader"] = getattr(self.deal, "first_leader", None)
        summary.pop("seed", None)
        self.summary = {"result": summary, "outcome": outcome_json(self.deal), "record": record}
        self.summaries.append(summary)
        self.step = []
        self.step_moves = []

    def _names(self) -> list[str]:
        return ["you" if spec is None else spec for spec in self.specs]

    def next_deal(self) -> None:
        if not self.deal.is_terminal or self.summary is None:
            raise WebError("the deal is still being played", 409)
        if self.match.finished:
            raise WebError("the match is over: start a new game", 409)
        self._deal_next()

    # -- moves --------------------------------------------------------------------

    def _push(self, move: Move) -> None:
        seat = self.deal.current_player
        assert seat is not None
        self.deal.push(move)
        self.history.append((seat, move))
        if self.on_move is not None:
            self.on_move(self.deal, seat, move)
        if self.deal.is_terminal:
            self._finish_deal()

    def bot_step(self) -> bool:
        """One bot's move, if a bot is to act; whether one moved."""
        seat = self.deal.current_player
        if seat is None or seat == self.seat:
            return False
        agent = self.bots[seat]
        assert agent is not None
        move = agent.act(SeatView.of(self.deal, seat, self.history))
        self._push(move)
        return True

    def run_bots(self, limit: int = 100_000) -> None:
        """Bots move until the person is to act or the deal is over."""
        for _ in range(limit):
            if not self.bot_step():
                return

    def _my_turn(self) -> None:
        if self.seat is None:
            raise WebError("this table is bots only: nobody sits here for you", 403)
        if self.deal.is_terminal:
            raise WebError("the deal is over: ask for the next deal", 409)
        if self.deal.current_player != self.seat:
            raise WebError(
                f"it is seat {self.deal.current_player}'s turn, not yours (seat {self.seat})", 409
            )

    def play(self, cards: Sequence[str] | None, text: str | None) -> Move:
        """Play the person's move: cards clicked (the engine reads the declaration; several
        legal readings answer 409 with the list to choose from) or a move's text."""
        self._my_turn()
        if text is None:
            if not cards:
                raise WebError("play needs 'cards' (a list of card text) or 'move' (move text)")
            if not all(isinstance(c, str) for c in cards):
                raise WebError(f"'cards' must be card text such as '5s', not {cards!r}")
            text = " ".join(cards)
        try:
            move = self.deal.parse_move(text)
        except AmbiguousMoveError as error:
            chosen = Cards(text)
            readings = [m for m in self.rules.readings(chosen) if self.deal.is_legal(m)]
            raise WebError(str(error), 409, readings=[move_json(m) for m in readings]) from error
        self.play_move(move)
        return move

    def play_move(self, move: Move) -> None:
        """Push the person's move (checked by the deal's push), then the bots play on."""
        self._my_turn()
        ply = self.deal.ply
        self._push(move)
        self.my_plies.append(ply)
        self.run_bots()

    def pass_(self) -> None:
        self.play(None, "pass")

    def undo(self) -> None:
        """Back to the person's previous decision in this deal (bots' moves undone too)."""
        if self.seat is None:
            raise WebError("this table is bots only: there is no decision of yours to undo", 403)
        if self.deal.is_terminal:
            raise WebError("the deal is over and counted: it cannot be undone", 409)
        if not self.my_plies:
            raise WebError("nothing to undo: you have not moved in this deal", 409)
        target = self.my_plies.pop()
        while self.deal.ply > target:
            self.deal.pop()
            self.history.pop()

    def hint(self, spec: str) -> JSON:
        """What a bot would play for the person, from the person's view only."""
        self._my_turn()
        assert self.seat is not None
        agent = bot(spec, derive_seed(self.match.seed, 9, self.deal.ply))
        move = agent.act(SeatView.of(self.deal, self.seat, self.history))
        hint: JSON = {"agent": spec, "move": move_json(move)}
        result = agent.last_result if isinstance(agent, ISMCTS) else None
        if result is not None:
            best = sorted(result.children, key=lambda c: -c.visits)[:10]
            hint["search"] = {
                "iterations": result.iterations,
                "children": [
                    {"move": str(c.move), "visits": c.visits, "reward": c.reward} for c in best
                ],
            }
        return hint

    # -- what a client sees ----------------------------------------------------------

    def state(self) -> JSON:
        deal = self.deal
        if self.seat is None:
            state = open_state(deal, self.history)
        else:
            state = seat_state(deal, self.seat, self.history)
        state.update(
            game=self.rules.game,
            rules=str(self.rules),
            you=self.seat,
            agents=self._names(),
            current_player=deal.current_player,
            your_turn=self.seat is not None and deal.current_player == self.seat,
            over=deal.is_terminal,
            can_undo=bool(self.my_plies) and not deal.is_terminal,
            deal_number=len(self.summaries) + (0 if deal.is_terminal else 1),
            match=self.steps.scores(self.match),
            match_finished=self.match.finished,
            summary=self.summary,
        )
        return state


class Replay:
    """A finished record stepped through forwards and back, every hand shown."""

    def __init__(self, record: Mapping[str, Any]) -> None:
        self.lock = threading.Lock()
        finished = records.from_record(dict(record))
        self.moves = [move for _, move in finished.history]
        dealt = {name: value for name, value in record.items() if name != "outcome"}
        self.deal = records.from_record({**dealt, "moves": []})
        self.history: list[tuple[int, Move]] = []
        self.outcome = outcome_json(finished)
        self.agents = record.get("agents")

    def goto(self, ply: int) -> None:
        if isinstance(ply, bool) or not isinstance(ply, int) or not 0 <= ply <= len(self.moves):
            raise WebError(f"ply {ply!r} is not between 0 and {len(self.moves)}")
        while self.deal.ply > ply:
            self.deal.pop()
            self.history.pop()
        while self.deal.ply < ply:
            seat = self.deal.current_player
            assert seat is not None
            move = self.moves[self.deal.ply]
            self.deal.push(move)
            self.history.append((seat, move))

    def state(self) -> JSON:
        state = open_state(self.deal, self.history)
        state.update(
            game=self.deal.rules.game,
            rules=str(self.deal.rules),
            ply=self.deal.ply,
            plies=len(self.moves),
            current_player=self.deal.current_player,
            agents=self.agents,
            over=self.deal.is_terminal,
            outcome=self.outcome if self.deal.is_terminal else None,
        )
        return state


def rules_of(body: Mapping[str, Any]) -> Rules:
    """The rules a request names: ``game``, optional ``players`` and ``options``."""
    game = body.get("game", GAMES[0])
    if not isinstance(game, str):
        raise WebError(f"'game' must be one of {', '.join(GAMES)}, not {game!r}")
    players = body.get("players")
    if players is not None and (isinstance(players, bool) or not isinstance(players, int)):
        raise WebError(f"'players' must be a whole number, not {players!r}")
    options = body.get("options", {})
    if not isinstance(options, dict) or not all(
        isinstance(v, (str, int, float, bool)) for v in options.values()
    ):
        raise WebError(f"'options' must map option names to plain values, not {options!r}")
    return Rules(game, players=players, **options)
