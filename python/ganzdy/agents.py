"""Agents: who chooses the moves, seeing only what their seat may know.

An agent is anything with ``act(view) -> Move``. The view is a ``SeatView``: the
seat's own hand and the public state (table, card counts, stock size, the moves
played), never the other hands, the stock order or the deal's seed, so an agent
cannot cheat by accident. The same agents play Gan Deng Yan deals (``GanDengYanDeal``),
Guandan hands (``GuandanDeal``) and Gouji hands (``GoujiDeal``): a Guandan view adds
the phase (tribute, pick, return, play), the levels and the tribute as the seat has
seen it; a Gouji view the phase, the seat's role, who still plays, who opened a
point, whether the seat has a head, and the purchases and tribute. A search agent
samples the worlds it searches from the view's ``information`` (an
``GanDengYanInformationSet``), which holds no hidden card either.
``make_agent("random:seed=3")`` builds agents from text for the command line and
the arena; ``register_agent`` adds new kinds.
"""

from __future__ import annotations

import inspect
import math
import random
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TextIO, runtime_checkable

from ganzdy._core import (
    AmbiguousMoveError,
    Cards,
    GanDengYanDeal,
    GanDengYanInformationSet,
    GanzdyError,
    GoujiDeal,
    GoujiInformationSet,
    GoujiPayment,
    GoujiPurchase,
    GuandanDeal,
    GuandanInformationSet,
    IllegalMoveError,
    IsmctsResult,
    Move,
    ParseError,
    Rules,
    gouji_greedy_index,
    greedy_index,
    ismcts,
    parse_move_text,
)
from ganzdy.options import parse_option_value


class AgentError(GanzdyError):
    """An agent spec that names no known agent or gives it bad parameters."""


class Quit(Exception):
    """The person at the terminal asked to stop (end of input or Ctrl-C)."""


# A deal of any game: what agents play and matches drive.
AnyDeal = GanDengYanDeal | GuandanDeal | GoujiDeal


@dataclass(frozen=True)
class Tribute:
    """One Guandan tribute payment as far as it is known: in a seat's view a tribute
    card is shown to all once every payer has chosen, a return card only to the two
    seats concerned; in a match's hand log everything is known."""

    payer: int
    receiver: int | None  # None until known (a pick is due)
    card: str | None  # None until shown (or chosen by this seat)
    returned: str | None  # None until given, or when this seat may not see it


@dataclass(frozen=True)
class SeatView:
    """What the seat to act may know: its own hand and the public state of the deal."""

    seat: int
    players: int
    dealer: int
    rules: Rules
    hand: Cards
    hand_sizes: tuple[int, ...]
    stock_size: int
    table: Move | None  # None when this seat leads
    table_owner: int | None
    passes: int  # consecutive passes since the table move
    bombs_played: int
    played: Cards  # every card played so far, by anyone
    history: tuple[tuple[int, Move], ...]  # (seat, move) in order, passes included
    out_seats: tuple[int, ...]  # seats that went out (Guandan: in the order they went out)
    legal_moves: tuple[Move, ...]  # the pass first when following
    # For search: samples whole deals consistent with this view (hidden cards dealt
    # at random); it keeps no hidden card of the real deal. None when the view was
    # built by hand.
    information: GanDengYanInformationSet | GuandanInformationSet | GoujiInformationSet | None = (
        field(default=None, compare=False, repr=False)
    )
    # Guandan only (the defaults elsewhere): the phase ('tribute', 'pick', 'return' or
    # 'play'), the hand's level and both teams' levels (team 0: seats 0 and 2), and
    # the tribute as this seat has seen it. A Guandan view's dealer is the seat
    # that leads the first trick (Guandan has no dealer); after 双上 it is -1, and
    # the receivers None, until the tribute cards are shown.
    phase: str = "play"
    level: str | None = None
    team_levels: tuple[str, str] | None = None
    tribute: tuple[Tribute, ...] = ()
    resisted: bool = False  # the payers' big jokers cancelled the tribute
    # Gouji only (the phase above too: 'buy', 'return', 'revolt', 'yaotou', 'xuandian' or
    # 'play'; the dealer is the first leader, or -1 before play): the seat's role in play
    # ('lead', 'answer' or 'burn'; None outside play), the seats still playing, those that
    # opened a point (or revolted), whether the seat has a head (有头), and the
    # purchases and tribute payments, which are public.
    role: str | None = None
    active_seats: tuple[int, ...] = ()
    opened: tuple[int, ...] = ()
    has_head: bool = True
    purchases: tuple[GoujiPurchase, ...] = ()
    payments: tuple[GoujiPayment, ...] = ()

    @property
    def ply(self) -> int:
        return len(self.history)

    @property
    def leading(self) -> bool:
        return self.table is None


def view_for(deal: AnyDeal, history: Sequence[tuple[int, Move]] | None = None) -> SeatView:
    """The view of the player to act.

    ``history`` lets a driver that already keeps the moves pass them in; reading
    ``deal.history`` rebuilds every move and costs time linear in the ply.
    """
    seat = deal.current_player
    if seat is None:
        raise GanzdyError("view_for: the deal is over, nobody is to act")
    moves = tuple(deal.history if history is None else history)
    table = deal.table
    public: dict[str, Any] = {
        "seat": seat,
        "players": deal.players,
        "rules": deal.rules,
        "hand": deal.hand(seat),
        "hand_sizes": tuple(deal.hand_sizes),
        "table": None if table.is_pass else table,
        "table_owner": deal.table_owner,
        "played": deal.played,
        "legal_moves": tuple(deal.legal_moves),
    }
    if isinstance(deal, GoujiDeal):
        leader = deal.first_leader
        return SeatView(
            **public,
            passes=len(deal.passed),
            dealer=-1 if leader is None else leader,
            stock_size=0,
            bombs_played=0,
            history=moves,  # every Gouji move is public, purchases and returns included
            out_seats=tuple(deal.finish_order),
            phase=deal.phase,
            role=deal.role,
            active_seats=tuple(s for s in range(deal.players) if deal.is_active(s)),
            opened=tuple(deal.points_opened),
            has_head=deal.has_head(seat),
            purchases=tuple(deal.purchases),
            payments=tuple(deal.tribute),
            information=GoujiInformationSet(deal, seat),
        )
    public["passes"] = deal.passes
    if isinstance(deal, GuandanDeal):
        return SeatView(
            **public,
            dealer=_first_leader_seen(deal),
            stock_size=0,
            bombs_played=sum(move.is_bomb for _, move in moves),
            history=_seen_moves(deal, seat, moves),
            out_seats=tuple(deal.finish_order),
            phase=deal.phase,
            level=deal.level,
            team_levels=deal.team_levels,
            tribute=_tribute_seen(deal, seat),
            resisted=deal.resisted,
            information=GuandanInformationSet(deal, seat),
        )
    return SeatView(
        **public,
        dealer=deal.dealer,
        stock_size=deal.stock_size,
        bombs_played=deal.bombs_played,
        history=moves,
        out_seats=tuple(s for s in range(deal.players) if deal.is_out(s)),
        information=GanDengYanInformationSet(deal, seat),
    )


def _double_tribute_unshown(deal: GuandanDeal) -> bool:
    # After 双上 who pays whom, and who leads, follow from the two payers' highest
    # cards, which nobody else sees until the tribute cards are shown (rules §8.4).
    return deal.phase == "tribute" and len(deal.tribute) == 2


def _first_leader_seen(deal: GuandanDeal) -> int:
    if (
        _double_tribute_unshown(deal)
        and deal.rules.options["first_lead_after_tribute"].value != "first_out"
    ):
        return -1
    return deal.first_leader


def _tribute_seen(deal: GuandanDeal, seat: int) -> tuple[Tribute, ...]:
    # The tribute cards move, face up, once every payer has chosen; the return cards
    # move, face down, once every receiver has chosen.
    shown = deal.phase != "tribute"
    returned = deal.phase in ("play", "over")
    unshown = _double_tribute_unshown(deal)
    return tuple(
        Tribute(
            payer=p.payer,
            receiver=None if unshown else p.receiver,
            card=p.card if shown or seat == p.payer else None,
            returned=p.returned if seat == p.receiver or (returned and seat == p.payer) else None,
        )
        for p in deal.tribute
    )


def _seen_moves(
    deal: GuandanDeal, seat: int, moves: Sequence[tuple[int, Move]]
) -> tuple[tuple[int, Move], ...]:
    """The moves `seat` has seen: another payer's tribute card once the tribute cards
    move, a return card only by the seat that gave it and the one it was given to."""
    payer_of = {p.receiver: p.payer for p in deal.tribute}
    returned = deal.phase in ("play", "over")
    seen = []
    for who, move in moves:
        if who != seat and move.kind == "tribute" and deal.phase == "tribute":
            continue
        if who != seat and move.kind == "return" and not (returned and payer_of.get(who) == seat):
            continue
        seen.append((who, move))
    return tuple(seen)


@runtime_checkable
class Agent(Protocol):
    """Chooses a move for the seat to act. An agent may also have a ``name``."""

    def act(self, view: SeatView) -> Move: ...


def agent_name(agent: Agent) -> str:
    """The agent's ``name`` if it has one, else its class name."""
    name = getattr(agent, "name", None)
    return str(name) if name else type(agent).__name__


class RandomAgent:
    """Uniform over the legal moves, from its own random stream."""

    def __init__(self, seed: int | None = None) -> None:
        self.name = "random"
        self._random = random.Random(seed)

    def act(self, view: SeatView) -> Move:
        return self._random.choice(view.legal_moves)


class GreedyAgent:
    """The engine's greedy policy: cheapest beat, small leads, jokers and bombs kept back."""

    name = "greedy"

    def act(self, view: SeatView) -> Move:
        if view.rules.game == "gouji":
            return view.legal_moves[
                gouji_greedy_index(
                    view.rules,
                    view.seat,
                    view.phase,
                    view.hand,
                    view.table,
                    view.table_owner,
                    view.role,
                    view.hand_sizes,
                    view.active_seats,
                    view.opened,
                    view.has_head,
                    bool(view.out_seats),
                    view.legal_moves,
                )
            ]
        index = greedy_index(
            view.rules,
            view.seat,
            view.hand,
            view.table,
            view.table_owner,
            view.hand_sizes,
            view.out_seats,
            view.legal_moves,
        )
        return view.legal_moves[index]


class ISMCTS:
    """Information-set Monte Carlo tree search (SO-ISMCTS), run in C++ with the GIL released.

    Each decision searches worlds sampled from ``view.information``, so it sees no
    hidden card. ``iterations`` and ``time_limit`` (seconds) bound each decision,
    whichever ends it first; with neither, ``ISMCTS_DEFAULT_ITERATIONS`` (1,000).
    ``c`` is the UCB1 exploration constant (rewards lie in [0, 1]); ``rollout`` is
    the policy that plays worlds out ('random' or 'greedy'); ``reward`` is 'win',
    'points' or 'mixed' (see ``ganzdy._core.ismcts``); ``threads`` searches that
    many trees in parallel and sums their root statistics. With a seed and an
    iteration budget only, its moves are reproducible (for a given thread count).
    ``last_result`` keeps the last search's ``IsmctsResult`` (None after a forced
    move, which is played without searching).
    """

    def __init__(
        self,
        iterations: int | None = None,
        time_limit: float | None = None,
        threads: int = 1,
        c: float = 0.7,
        rollout: str = "greedy",
        reward: str = "points",
        seed: int | None = None,
    ) -> None:
        for label, value in (("iterations", iterations), ("threads", threads)):
            if value is not None and (
                not isinstance(value, int) or isinstance(value, bool) or value < 1
            ):
                raise AgentError(f"ismcts: {label}={value!r} must be a positive int")
        if time_limit is not None and (
            isinstance(time_limit, bool)
            or not isinstance(time_limit, int | float)
            or not 0 < time_limit < math.inf
        ):
            raise AgentError(
                f"ismcts: time_limit={time_limit!r} must be a positive number of seconds"
            )
        if isinstance(c, bool) or not isinstance(c, int | float) or not 0 <= c < math.inf:
            raise AgentError(f"ismcts: c={c!r} must be a non-negative number")
        if rollout not in ("random", "greedy"):
            raise AgentError(f"ismcts: rollout={rollout!r} must be 'random' or 'greedy'")
        if reward not in ("win", "points", "mixed"):
            raise AgentError(f"ismcts: reward={reward!r} must be 'win', 'points' or 'mixed'")
        self.name = "ismcts"
        self.iterations = iterations
        self.time_limit = time_limit
        self.threads = threads
        self.c = float(c)
        self.rollout = rollout
        self.reward = reward
        self._random = random.Random(seed)
        self.last_result: IsmctsResult | None = None

    def act(self, view: SeatView) -> Move:
        self.last_result = None
        if len(view.legal_moves) == 1:
            return view.legal_moves[0]
        if view.information is None:
            raise AgentError(
                "ismcts: the view has no information set to search (build views with view_for)"
            )
        result = ismcts(
            view.information,
            iterations=self.iterations,
            time_limit=self.time_limit,
            c=self.c,
            rollout=self.rollout,
            reward=self.reward,
            threads=self.threads,
            seed=self._random.getrandbits(64),
        )
        self.last_result = result
        move = view.legal_moves[result.index]
        if move != result.move:
            raise GanzdyError(f"ismcts chose {result.move}, which is not legal move {result.index}")
        return move


# -- reading a move a person typed --------------------------------------------------


def _faces(cards: Cards, jokers_alike: bool) -> list[str]:
    # Suits never matter in Gan Deng Yan, so a card counts by its rank; jokers count
    # alike unless their colours matter (a small-plus-big king bomb).
    return sorted(
        ("joker" if jokers_alike else card) if card in ("BJ", "RJ") else card[0] for card in cards
    )


# What a Guandan or Gouji seat does in each phase before play.
_CHOICE = {
    "tribute": "pay a tribute card (your highest, the wild hearts aside)",
    "pick": "pick one of the two tribute cards",
    "return": "give a card back to the player who paid you",
    "buy": "pay a 2 or a joker for a 3 (买三)",
    "revolt": "revolt (革命: sit the hand out as 四科) or pass",
    "yaotou": "declare yaotou (要头: stay your 对家's head) or wutou (无头)",
    "xuandian": "declare points (xuandian, 宣点) or pass",
}


def find_move(view: SeatView, text: str) -> Move:
    """The legal move a person means by ``text``: a move number, 'pass', or card text.

    Card text follows ``GanDengYanDeal.parse_move``: the cards alone when they have one legal
    reading, or '<cards> as <kind> <rank>'. Suits never matter in Gan Deng Yan, so
    '5s' also selects the listed '5h as single 5' when the hand holds both; in Guandan
    they do (straight flushes, the wild heart), and a tribute, pick or return choice
    is its one card ('As'). Raises ParseError, IllegalMoveError or AmbiguousMoveError
    with a message for the person.
    """
    legal = view.legal_moves
    answer = " ".join(text.split())
    if not answer:
        raise ParseError("type a move number, card text such as '8h 8d', or 'pass'")
    if answer.isdigit():
        number = int(answer)
        if 1 <= number <= len(legal):
            return legal[number - 1]
        raise ParseError(f"there is no move {number}: choose 1 to {len(legal)}")
    lowered = answer.lower()
    choices = ", ".join(str(m.cards) if m.cards else str(m) for m in legal)
    if lowered == "pass":
        passes = [m for m in legal if m.is_pass]
        if passes:
            return passes[0]
        if view.phase != "play":
            raise IllegalMoveError(f"you must {_CHOICE[view.phase]}: one of {choices}")
        raise IllegalMoveError("you lead: the leader may not pass")
    for move in legal:
        if str(move).lower() == lowered:
            return move
    cards, declared_move = parse_move_text(answer)
    kind, rank = (declared_move.kind, declared_move.rank) if declared_move else (None, "")
    declaration = f"{kind} {rank}".strip()

    def declared(move: Move) -> bool:
        return (kind is None or move.kind == kind) and (not rank or move.rank == rank)

    matches = [m for m in legal if m.cards == cards and declared(m)]
    if not matches and view.phase != "play":
        raise IllegalMoveError(f"{cards}: you must {_CHOICE[view.phase]}: one of {choices}")
    if not matches and cards not in view.hand:
        raise IllegalMoveError(f"your hand {view.hand} does not hold {cards}")
    if not matches and view.rules.game in ("gan_deng_yan", "gouji"):
        # Gouji lists one face per rank too; its jokers differ (small and big).
        gdy = view.rules.game == "gan_deng_yan"
        jokers_alike = gdy and view.rules.option("king_bomb") != "small_plus_big"
        faces = _faces(cards, jokers_alike)
        matches = [m for m in legal if _faces(m.cards, jokers_alike) == faces and declared(m)]
    if len(matches) == 1:
        return matches[0]
    if matches:
        listed = "; ".join(str(m) for m in matches)
        raise AmbiguousMoveError(
            f"{cards} has {len(matches)} legal readings: {listed}; type its number or "
            f"name one with 'as', e.g. '{matches[-1]}'"
        )
    readings = view.rules.readings(cards)
    if not readings:
        raise IllegalMoveError(f"{cards} is no combination")
    if kind is not None and not any(declared(m) for m in readings):
        listed = "; ".join(str(m) for m in readings)
        raise IllegalMoveError(f"{cards} cannot be played as {declaration}: it reads {listed}")
    if view.table is None:
        raise IllegalMoveError(f"{cards} is no legal lead here")
    listed = " or ".join(str(m) for m in readings if declared(m))
    raise IllegalMoveError(f"{listed} does not beat {view.table}")


class HumanAgent:
    """A person at a terminal: shows the seat's view and asks for a move until it is legal.

    ``input`` and ``output`` default to the process's stdin/stdout, looked up at each
    turn so a test may swap them. End of input or Ctrl-C raises ``Quit``.
    """

    # Past this many legal moves (wildcard leads can run to hundreds) only the first
    # ones are listed; card text still selects any of them.
    shown_moves = 40

    def __init__(
        self,
        input: TextIO | None = None,
        output: TextIO | None = None,
        show_moves: bool = True,
    ) -> None:
        self.name = "human"
        self._input = input
        self._output = output
        self._show_moves = show_moves
        self._seen: dict[int, int] = {}  # seat -> plies already shown

    def _write(self, text: str) -> None:
        out = self._output or sys.stdout
        out.write(text + "\n")
        out.flush()

    def _read(self, prompt: str) -> str:
        try:
            if self._input is None:
                return input(prompt)
            out = self._output or sys.stdout
            out.write(prompt)
            out.flush()
            line = self._input.readline()
            if not line:
                raise EOFError
            return line
        except (EOFError, KeyboardInterrupt) as stop:
            raise Quit from stop

    def _show(self, view: SeatView, every_move: bool = False) -> None:
        seen = self._seen.get(view.seat, 0)
        if self._show_moves and view.ply > seen:
            for ply, (seat, move) in enumerate(view.history[seen:], seen + 1):
                self._write(f"  {ply:>4}. seat {seat}: {move}")
        self._seen[view.seat] = view.ply
        guandan = view.rules.game == "guandan"
        gouji = view.rules.game == "gouji"
        if guandan:
            self._show_guandan(view)
        elif gouji:
            self._show_gouji(view)
        else:
            self._write(f"-- seat {view.seat} to act (you); dealer is seat {view.dealer}")
        if view.phase != "play":
            self._write(f"you must {_CHOICE[view.phase]}")
        elif view.table is None:
            self._write("table: empty, you lead")
        else:
            self._write(f"table: {view.table} (seat {view.table_owner})")
        counts = "  ".join(
            f"seat {s}{' (you)' if s == view.seat else ''}: {n}"
            + (" out" if s in view.out_seats else "")
            for s, n in enumerate(view.hand_sizes)
        )
        if gouji:
            self._write(f"cards: {counts}")
        elif guandan:
            self._write(f"cards: {counts}  |  bombs {view.bombs_played}")
        else:
            self._write(f"cards: {counts}  |  stock {view.stock_size}, bombs {view.bombs_played}")
        self._write(f"your hand: {view.hand}")
        shown = len(view.legal_moves) if every_move else self.shown_moves
        for number, move in enumerate(view.legal_moves[:shown], 1):
            self._write(f"  {number:>4}  {move}")
        if len(view.legal_moves) > shown:
            more = len(view.legal_moves) - shown
            self._write(f"   ...  {more} more: type the cards, or 'all' to list every move")

    def _show_guandan(self, view: SeatView) -> None:
        partner = (view.seat + 2) % 4
        team = view.seat % 2
        levels = view.team_levels or ("?", "?")
        self._write(
            f"-- seat {view.seat} to act (you, team {team} with seat {partner}); level "
            f"{view.level}: team 0 (seats 0, 2) at {levels[0]}, team 1 (seats 1, 3) at {levels[1]}"
        )
        if view.resisted:
            self._write("tribute: resisted (the payers hold both big jokers)")
        for p in view.tribute:
            to = (
                f"seat {p.receiver}"
                if p.receiver is not None
                else "the pick"
                if view.phase == "pick"
                else "a seat not known yet"
            )
            if p.card is None:
                self._write(f"tribute: seat {p.payer} pays {to} (the card is not shown yet)")
                continue
            back = f", got back {p.returned}" if p.returned else ""
            self._write(f"tribute: seat {p.payer} paid {p.card} to {to}{back}")
        if view.out_seats:
            self._write(f"out so far: {', '.join(f'seat {s}' for s in view.out_seats)}")

    def _show_gouji(self, view: SeatView) -> None:
        you = view.seat
        mates = ", ".join(str(s) for s in range(6) if s % 2 == you % 2 and s != you)
        roles = {"answer": "; you may answer", "burn": "; you may only burn (烧牌) or pass"}
        role = roles.get(view.role or "", "")
        head = "" if view.has_head or view.phase != "play" else "; you are headless (无头)"
        self._write(
            f"-- seat {you} to act (you, team {you % 2} with seats {mates}; your 对家 is seat "
            f"{(you + 3) % 6}){role}{head}"
        )
        for p in view.payments:
            back = f", given back {' '.join(p.returned)}" if p.returned else ""
            self._write(
                f"tribute ({p.kind}): seat {p.payer} paid {' '.join(p.cards)} to seat "
                f"{p.receiver}{back}"
            )
        out = [s for s in range(6) if s not in view.active_seats]
        if view.phase == "play" and out:
            self._write(f"no longer playing: {', '.join(f'seat {s}' for s in out)}")
        if view.opened:
            self._write(f"opened a point: {', '.join(f'seat {s}' for s in view.opened)}")

    def act(self, view: SeatView) -> Move:
        self._show(view)
        while True:
            answer = self._read("your move (number, cards, pass; ? to show again, q to quit): ")
            word = answer.strip().lower()
            if word in ("q", "quit", "exit"):
                raise Quit
            if word in ("?", "help", "all"):
                self._show(view, every_move=word == "all")
                continue
            try:
                move = find_move(view, answer)
            except GanzdyError as error:
                self._write(f"  {error}; try again")
                continue
            typed = " ".join(answer.lower().split())
            if not typed.isdigit() and typed not in ("pass", str(move).lower()):
                # The person typed other suits or a shorthand: say which move it became.
                self._write(f"  playing {move}")
            return move


# -- agents by name ------------------------------------------------------------------

AgentFactory = Callable[..., Agent]


@dataclass(frozen=True)
class _Registered:
    factory: AgentFactory
    summary: str


_REGISTRY: dict[str, _Registered] = {}


def register_agent(name: str, factory: AgentFactory, summary: str = "") -> None:
    """Make ``make_agent(name + ':key=value...')`` build agents with ``factory(**params)``."""
    if not name or not name.replace("_", "").isalnum():
        raise AgentError(f"agent name {name!r} must be a word (letters, digits, _)")
    _REGISTRY[name] = _Registered(factory, summary)


def known_agents() -> dict[str, str]:
    """Registered agent names with their one-line summaries."""
    return {name: entry.summary for name, entry in sorted(_REGISTRY.items())}


def _parameters(factory: AgentFactory) -> list[str]:
    return [
        p.name
        for p in inspect.signature(factory).parameters.values()
        if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)
    ]


def _parse_value(text: str) -> object:
    value = parse_option_value(text)
    if isinstance(value, str):
        try:
            return float(value)
        except ValueError:
            return value
    return value


def make_agent(spec: str, seed: int | None = None) -> Agent:
    """Build an agent from text: 'greedy', 'random', 'random:seed=3', 'name:key=value:key=value'.

    ``seed`` seeds an agent that takes a seed when the spec gives none, so a run with
    a seed is reproducible.
    """
    name, *items = spec.strip().split(":")
    name = name.strip().lower()
    if name not in _REGISTRY:
        listed = ", ".join(known_agents())
        raise AgentError(f"unknown agent {spec!r}: known agents are {listed}")
    entry = _REGISTRY[name]
    allowed = _parameters(entry.factory)
    params: dict[str, object] = {}
    for item in items:
        key, sep, value = item.partition("=")
        key = key.strip()
        if not sep or not key:
            raise AgentError(f"agent {spec!r}: parameter {item!r} is not key=value")
        if key not in allowed:
            takes = ", ".join(allowed) if allowed else "no parameters"
            raise AgentError(f"agent {spec!r}: unknown parameter {key!r}; {name} takes {takes}")
        params[key] = _parse_value(value)
    if seed is not None and "seed" in allowed and "seed" not in params:
        params["seed"] = seed
    try:
        agent = entry.factory(**params)
    except (TypeError, ValueError) as error:
        raise AgentError(f"agent {spec!r}: {error}") from error
    return agent


register_agent("random", RandomAgent, "uniform over the legal moves (seed=N)")
register_agent("greedy", GreedyAgent, "the built-in greedy policy")
register_agent("human", HumanAgent, "you, at the terminal")
register_agent(
    "ismcts",
    ISMCTS,
    "information-set MCTS in C++ (iterations=N, time_limit=S, c=X, rollout=random|greedy, "
    "reward=win|points|mixed, threads=N, seed=N)",
)
