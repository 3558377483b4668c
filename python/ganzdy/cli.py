"""The ``ganzdy`` command line."""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import json
import os
import secrets
import signal
import sys
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from ganzdy import records
from ganzdy._core import (
    GanDengYanDeal,
    GanzdyError,
    GuandanDeal,
    Move,
    Rules,
    parse_move_text,
    solve,
)
from ganzdy.agents import Agent, AnyDeal, HumanAgent, Quit, known_agents, make_agent
from ganzdy.cli_common import load_record, replay_plies, show_hands
from ganzdy.cli_common import points_text as _points
from ganzdy.cli_gouji import play_gouji, replay_gouji
from ganzdy.guandan_match import GuandanMatch
from ganzdy.match import GanDengYanMatch, arena, derive_seed
from ganzdy.options import parse_options
from ganzdy.ratings import plot_ratings
from ganzdy.solver import format_position, parse_position


def _add_rules_arguments(
    parser: argparse.ArgumentParser,
    players_help: str = "number of players (default: 4, or 6 for gouji)",
) -> None:
    parser.add_argument(
        "--game", default="gan_deng_yan", help="rules preset (default: gan_deng_yan)"
    )
    parser.add_argument("--players", type=int, default=None, help=players_help)
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a rule variant, e.g. --option triple_mode=bomb (repeatable)",
    )


def _rules_from(args: argparse.Namespace, players: int | None = None) -> Rules:
    players = args.players if args.players is not None else players
    return Rules(args.game, players=players, **parse_options(args.option))


def _parse_table(rules: Rules, text: str) -> Move:
    """A table move as '<cards> as <kind> <rank>' or plain cards with exactly one reading."""
    cards, move = parse_move_text(text)
    if move is not None:
        return move
    readings = rules.readings(cards)
    if len(readings) == 1:
        return readings[0]
    if not readings:
        raise GanzdyError(f"table {text!r} is no combination under {rules}")
    listed = "; ".join(str(m) for m in readings)
    raise GanzdyError(f"table {text!r} has several readings, name one with 'as': {listed}")


def _cmd_moves(args: argparse.Namespace) -> int:
    rules = _rules_from(args)
    table = _parse_table(rules, args.table) if args.table else None
    moves = rules.legal_moves(args.hand, table)
    what = f"answers to {table}" if table else "leads"
    print(f"{len(moves)} legal {what} from {args.hand} ({rules}):")
    for i, move in enumerate(moves, 1):
        print(f"{i:>5}  {move}")
    return 0


def _agent_specs(text: str) -> list[str]:
    specs = [spec.strip() for spec in text.split(",") if spec.strip()]
    if not specs:
        raise GanzdyError(f"--agents {text!r} names no agent; known agents: {_known()}")
    return specs


def _known() -> str:
    return ", ".join(known_agents())


# -- play ----------------------------------------------------------------------------


def _show_move(deal: AnyDeal, seat: int, move: Move) -> None:
    assert isinstance(deal, GanDengYanDeal)
    print(f"  seat {seat}: {move}")
    if deal.is_terminal:
        if deal.outcome.drawn:
            # The match deals again at once; say so before the new deal's moves.
            print(f"  -- drawn: nobody can lead; seat {deal.dealer} deals again")
        return
    if deal.table.is_pass:
        # The trick just ended: the cards were drawn and a new leader is due.
        print(f"  -- new trick: seat {deal.current_player} leads (stock {deal.stock_size})")


def _show_deal_end(deal: GanDengYanDeal, match: GanDengYanMatch) -> None:
    outcome = deal.outcome
    if outcome.drawn:
        print("deal drawn: nobody can lead; the same dealer deals again")
    else:
        you = " (you)" if outcome.winner == 0 else ""
        print(f"seat {outcome.winner}{you} wins the deal in {deal.ply} moves")
    for seat in range(deal.players):
        print(f"  seat {seat}: {deal.hand_sizes[seat]:>2} cards left  {deal.hand(seat)}")
    print(f"points this deal: {_points(outcome.points)}")
    print(f"points so far:    {_points(match.points)}")


def _cmd_play(args: argparse.Namespace) -> int:
    bots = _agent_specs(args.agents) if args.agents else None
    if args.game == "guandan":
        return _play_guandan(args, bots)
    if args.game == "gouji":
        return play_gouji(_rules_from(args), bots, args.deals, args.seed)
    rules = _rules_from(args, None if bots is None else len(bots) + 1)
    if bots is None:
        bots = ["greedy"] * (rules.players - 1)
    if len(bots) != rules.players - 1:
        raise GanzdyError(
            f"--agents names {len(bots)} bots but {rules.players} players leave "
            f"{rules.players - 1} seats beside yours"
        )
    # Chosen here rather than by the match so the bots' seeds derive from it too.
    seed = secrets.randbits(64) if args.seed is None else args.seed
    agents: list[Agent] = [HumanAgent(show_moves=False)]
    agents += [make_agent(spec, seed=derive_seed(seed, 2, i)) for i, spec in enumerate(bots, 1)]
    deals = 1 if args.deals is None else args.deals
    match = GanDengYanMatch(rules, agents, deals=deals, seed=seed, on_move=_show_move)
    print(f"{rules}; you are seat 0 against {', '.join(bots)}; seed {match.seed}")
    print("type a move's number, its cards (e.g. '8h 8d'), or 'pass'; q or Ctrl-D leaves")
    try:
        while not match.finished:
            number = len(match.results) + 1
            print(f"\n== deal {number} of {match.deals}: seat {match.dealer} deals")
            match.play_next()
            assert match.last_deal is not None
            _show_deal_end(match.last_deal, match)
    except (Quit, KeyboardInterrupt):
        played = len(match.results)
        print(f"\nleft the game after {played} finished deals; points {_points(match.points)}")
        return 0
    if match.redeals:
        print(f"{match.redeals} drawn deals were dealt again")
    return 0


class _GuandanTable:
    """Prints a Guandan hand as seat ``you`` may see it: plays and passes, tribute cards
    once shown, return cards only those given by or to ``you``, who leads each trick."""

    def __init__(self, you: int = 0) -> None:
        self.you = you
        self.last_player = -1  # the seat of the last play (not a pass)

    def _seat(self, seat: int) -> str:
        return f"seat {seat} (you)" if seat == self.you else f"seat {seat}"

    def on_move(self, deal: AnyDeal, seat: int, move: Move) -> None:
        assert isinstance(deal, GuandanDeal)
        if move.kind == "tribute":
            mine = f" ({move.cards})" if seat == self.you else ""
            print(f"  {self._seat(seat)} chose a tribute card{mine}")
            if deal.phase != "tribute":  # every payer has chosen: the cards are shown
                for p in deal.tribute:
                    to = "the pick" if p.receiver is None else self._seat(p.receiver)
                    print(f"  tribute: {self._seat(p.payer)} pays {p.card} to {to}")
            return
        if move.kind == "pick":
            print(f"  {self._seat(seat)} picks {move.cards}")
            return
        if move.kind == "return":
            (paid,) = [p for p in deal.tribute if p.receiver == seat]
            card = str(move.cards) if self.you in (seat, paid.payer) else "a card"
            print(f"  {self._seat(seat)} gives {card} back to {self._seat(paid.payer)}")
            if deal.phase == "play":
                print(f"  -- play: {self._seat(deal.current_player or 0)} leads")
            return
        print(f"  {self._seat(seat)}: {move}")
        if not move.is_pass:
            self.last_player = seat
            if deal.hand_sizes[seat] == 0:
                place = deal.finish_order.index(seat) + 1
                print(f"  -- {self._seat(seat)} went out, number {place}")
        if deal.is_terminal or not deal.table.is_pass:
            return
        leader = deal.current_player
        assert leader is not None
        last = self.last_player
        why = " (接风: its partner went out with the last play)" if leader != last else ""
        print(f"  -- new trick: {self._seat(leader)} leads{why}")


def _show_hand_start(match: GuandanMatch, you: int = 0) -> None:
    state = match.state
    number = len(match.results) + 1
    whose = "both teams'" if state.banker is None else f"team {state.banker}'s"
    print(
        f"\n== hand {number}: level {state.level} ({whose}); team 0 (seats 0, 2) at "
        f"{state.levels[0]}, team 1 (seats 1, 3) at {state.levels[1]}"
    )
    if state.previous_finish is None:
        print("   first hand: no tribute")
    else:
        order = ", ".join(str(s) for s in state.previous_finish)
        print(f"   tribute from the last finishing order: {order}")


def _show_hand_end(match: GuandanMatch, you: int = 0) -> None:
    deal = match.last_deal
    hand = match.results[-1]
    assert deal is not None
    if hand.resisted:
        print("  (the tribute was resisted: the payers held both big jokers)")
    order = ", ".join(f"seat {s}" for s in hand.finish_order)
    team = hand.winning_team
    mine = " (your team)" if team == you % 2 else ""
    print(f"hand {hand.number} over: out in order {order}")
    if hand.match_won:
        print(f"team {team}{mine} passes A with a {hand.result} finish and wins the match")
    else:
        print(
            f"team {team}{mine} wins {hand.result}, up {hand.upgrade}: team 0 at "
            f"{hand.team_levels[0]}, team 1 at {hand.team_levels[1]}; next hand at "
            f"{hand.team_levels[team]}"
        )
    for t in hand.a_failed:
        note = f", back to {hand.team_levels[t]}" if t in hand.reset else ""
        print(f"team {t} failed at its own A ({hand.a_failures[t]} failures so far{note})")
    for seat in range(4):
        if deal.hand_sizes[seat]:
            print(f"  seat {seat}: {deal.hand_sizes[seat]:>2} cards left  {deal.hand(seat)}")


def _play_guandan(args: argparse.Namespace, bots: list[str] | None) -> int:
    rules = _rules_from(args)
    if bots is None:
        bots = ["greedy"] * 3
    if len(bots) != 3:
        raise GanzdyError(f"--agents names {len(bots)} bots: Guandan has 3 seats beside yours")
    seed = secrets.randbits(64) if args.seed is None else args.seed
    agents: list[Agent] = [HumanAgent(show_moves=False)]
    agents += [make_agent(spec, seed=derive_seed(seed, 2, i)) for i, spec in enumerate(bots, 1)]
    table = _GuandanTable()
    match = GuandanMatch(rules, agents, max_hands=args.deals, seed=seed, on_move=table.on_move)
    print(
        f"{rules}; you are seat 0, your partner seat 2 ({bots[1]}), against seats 1 and 3 "
        f"({bots[0]}, {bots[2]}); seed {match.seed}"
    )
    print("type a move's number, its cards (e.g. '8h 8d'), or 'pass'; q or Ctrl-D leaves")
    try:
        while not match.finished:
            _show_hand_start(match)
            match.play_next()
            _show_hand_end(match)
    except (Quit, KeyboardInterrupt):
        levels = match.state.levels
        print(
            f"\nleft the game after {len(match.results)} finished hands; team 0 at {levels[0]}, "
            f"team 1 at {levels[1]}"
        )
        return 0
    if match.winner is None:
        levels = match.state.levels
        print(
            f"stopped after {len(match.results)} hands: team 0 at {levels[0]}, team 1 at "
            f"{levels[1]}"
        )
    return 0


# -- arena ---------------------------------------------------------------------------


class _Progress:
    """A one-line progress bar on a terminal stream, redrawn at most ten times a second."""

    def __init__(self, total: int, stream: TextIO, width: int = 30) -> None:
        self.total = total
        self.stream = stream
        self.width = width
        self.start = time.perf_counter()
        self.drawn_at = 0.0

    def update(self, done: int) -> None:
        now = time.perf_counter()
        if done < self.total and now - self.drawn_at < 0.1:
            return
        self.drawn_at = now
        filled = self.width * done // max(self.total, 1)
        rate = done / (now - self.start) if now > self.start else 0.0
        bar = "#" * filled + "." * (self.width - filled)
        self.stream.write(f"\rarena [{bar}] {done}/{self.total} deals, {rate:.0f}/s")
        if done >= self.total:
            self.stream.write("\n")
        self.stream.flush()


# Below this many duplicate decks a percentile bootstrap covers noticeably less than 95%.
_FEW_DECKS = 30


def _arena_backend(args: argparse.Namespace) -> bool | str:
    """What --ray asks for: False (processes), True (a local instance) or an address."""
    if args.ray is None:
        return False
    return args.ray or True


def _check_output(path: str | None, flag: str) -> Path | None:
    # Checked before the run, so a long run is not lost to a typo in a folder name.
    if path is None:
        return None
    out = Path(path)
    if not out.parent.is_dir():
        raise GanzdyError(f"{flag} {path}: the folder {out.parent} does not exist")
    return out


def _cmd_arena(args: argparse.Namespace) -> int:
    specs = _agent_specs(args.agents)
    teams = args.game in ("guandan", "gouji")
    rules = _rules_from(args, len(specs) if len(specs) > 1 and not teams else None)
    if not args.tribute and not teams:
        raise GanzdyError("--no-tribute is for Guandan and Gouji: other games have no tribute")
    out = _check_output(args.out, "--out")
    plot = _check_output(args.plot, "--plot")
    if plot is not None and importlib.util.find_spec("matplotlib") is None:
        raise GanzdyError("--plot needs matplotlib: pip install 'ganzdy[plot]'")
    record_dir = Path(args.record) if args.record else None
    if record_dir is not None:
        record_dir.mkdir(parents=True, exist_ok=True)
    progress = None if args.quiet else _Progress(args.deals, sys.stderr)
    width = len(str(args.deals))

    def on_deal(number: int, deal: AnyDeal, seated: Sequence[str]) -> None:
        assert record_dir is not None
        records.save(deal, record_dir / f"deal-{number:0{width}d}.json", seated)

    def on_progress(done: int, total: int) -> None:
        if progress is not None:
            progress.update(done)

    if args.ray is not None and not args.quiet:
        where = f"the Ray cluster at {args.ray}" if args.ray else "a local Ray instance"
        print(f"arena: connecting to {where}", file=sys.stderr)
    result = arena(
        rules,
        specs,
        args.deals,
        seed=args.seed,
        rotate=args.rotate,
        on_deal=None if record_dir is None else on_deal,
        on_progress=on_progress,
        workers=args.workers,
        ray=_arena_backend(args),
        bootstrap=args.bootstrap,
        tribute=args.tribute,
    )
    if progress is not None and args.deals == 0:
        progress.update(0)
    print(result.table())
    schedule = result.schedule
    if not args.quiet and schedule is not None and not schedule.balanced(args.deals):
        print(
            f"note: {args.deals} deals are not a whole number of rounds of {schedule.round} "
            "(every table in every rotation of one deck), so seats and meetings are not "
            "exactly even",
            file=sys.stderr,
        )
    if not args.quiet and result.ratings is not None and 0 < result.ratings.groups < _FEW_DECKS:
        print(
            f"note: the ratings' intervals rest on {result.ratings.groups} duplicate decks "
            f"only, and are rough below {_FEW_DECKS}",
            file=sys.stderr,
        )
    if record_dir is not None:
        print(f"records of the {args.deals} deals in {record_dir}/")
    if out is not None:
        out.write_text(json.dumps(result.to_json(), indent=2) + "\n", encoding="utf-8")
        print(f"results in {out}")
    if plot is not None:
        assert result.ratings is not None
        title = f"{len(specs)} agents, {args.deals} deals of {rules}, seed {result.seed}"
        plot_ratings(result.ratings, plot, title)
        print(f"ratings plot in {plot}")
    return 0


# -- replay --------------------------------------------------------------------------


def _replay_guandan(path: str, agents: Sequence[str] | None) -> int:
    deal, replay = load_record(path, records.from_guandan_record)
    origin = f"seed {deal.seed}" if deal.seed is not None else "an explicit deck"
    levels = deal.team_levels
    print(f"{deal.rules!r}; {origin}; team 0 at {levels[0]}, team 1 at {levels[1]}")
    if deal.previous_finish is not None:
        print(f"after the finishing order {deal.previous_finish}")
    show_hands(replay, agents)
    if deal.resisted:
        print("tribute resisted (the payers hold both big jokers)")
    replay_plies(replay, deal)
    outcome = replay.outcome
    if not outcome.over:
        print(f"unfinished: seat {replay.current_player} to act")
    else:
        print(
            f"team {outcome.winning_team} wins {outcome.result}, up {outcome.upgrade}; finish "
            f"order {outcome.finish_order}"
        )
    print(f"points: {_points(outcome.points)}")
    return 0


def _cmd_replay(args: argparse.Namespace) -> int:
    # Loading replays and checks the whole record first, so a bad one prints nothing.
    text = Path(args.file).read_text(encoding="utf-8")
    try:
        fields = json.loads(text)
    except json.JSONDecodeError:
        fields = {}
    agents = fields.get("agents") if isinstance(fields, dict) else None
    if isinstance(fields, dict) and fields.get("game") == "guandan":
        return _replay_guandan(args.file, agents)
    if isinstance(fields, dict) and fields.get("game") == "gouji":
        return replay_gouji(args.file, agents)
    deal = records.load(args.file)
    rules = deal.rules
    seed = deal.seed
    replay = (
        GanDengYanDeal(rules, seed, deal.dealer)
        if seed is not None
        else GanDengYanDeal(rules, deck=deal.deck, dealer=deal.dealer)
    )
    origin = f"seed {seed}" if seed is not None else "an explicit deck"
    print(f"{rules!r}; {origin}; seat {deal.dealer} deals")
    for seat in range(rules.players):
        who = f" ({agents[seat]})" if agents else ""
        print(f"  seat {seat}{who}: {replay.hand(seat)}")
    print(f"{'ply':>4}  {'seat':>4}  {'move':<34}  {'hand sizes':<14}  stock")
    for ply, (seat, move) in enumerate(deal.history, 1):
        replay.push(move)
        sizes = " ".join(str(n) for n in replay.hand_sizes)
        print(f"{ply:>4}  {seat:>4}  {move!s:<34}  {sizes:<14}  {replay.stock_size}")
    outcome = replay.outcome
    if not outcome.over:
        print(f"unfinished: seat {replay.current_player} to act")
    elif outcome.drawn:
        print("drawn: nobody could lead")
    else:
        print(f"seat {outcome.winner} wins; finish order {outcome.finish_order}")
    print(f"points: {_points(outcome.points)}")
    return 0


# -- solve ---------------------------------------------------------------------------


def _record_position(deal: GanDengYanDeal, ply: int | None) -> GanDengYanDeal:
    """The position of a recorded deal to solve: after `ply` moves, else the deal's end
    when it is unfinished with the stock empty, else where the stock ran out."""
    moves = [move for _, move in deal.history]
    if ply is not None and not 0 <= ply <= len(moves):
        raise GanzdyError(f"--ply {ply} is not in the record: it has {len(moves)} moves")
    if ply is None and not deal.is_terminal and deal.stock_size == 0:
        return deal
    while deal.history:
        deal.pop()
    for move in moves:
        if (ply is None and deal.stock_size == 0) or deal.ply == ply:
            break
        deal.push(move)
    if deal.stock_size > 0:
        raise GanzdyError(
            f"the stock still holds {deal.stock_size} cards at ply {deal.ply} of the record; "
            "the solver needs an empty stock (pick a later position with --ply)"
        )
    return deal


class _SolveProgress:
    """Nodes and nodes per second on one stderr line, rewritten about once a second
    (unless quiet); Ctrl-C stops the search at the next call, keeping its answer."""

    def __init__(self, stream: TextIO, quiet: bool) -> None:
        self.stream = stream
        self.quiet = quiet
        self.shown = False
        self.interrupted = False

    def interrupt(self, signum: int, frame: object) -> None:
        self.interrupted = True

    def __call__(self, nodes: int, seconds: float) -> bool:
        if not self.quiet:
            rate = nodes / seconds if seconds > 0 else 0.0
            line = f"\rsolving: {nodes:,} nodes, {seconds:.0f} s, {rate:,.0f} nodes/s "
            self.stream.write(line)
            self.stream.flush()
            self.shown = True
        return not self.interrupted

    def close(self) -> None:
        if self.shown:
            self.stream.write("\n")
            self.stream.flush()


def _cmd_solve(args: argparse.Namespace) -> int:
    options = parse_options(args.option)
    if os.path.isfile(args.position):
        if args.option or args.game != "gan_deng_yan":
            raise GanzdyError("a record names its own rules: leave out --game and --option")
        deal = _record_position(records.load(args.position), args.ply)
        where = f"{args.position}, ply {deal.ply}"
    elif "|" in args.position:
        if args.ply is not None:
            raise GanzdyError("--ply picks a position of a record, not of a position text")
        deal = parse_position(args.position, game=args.game, options=options)
        where = "position"
    else:
        raise GanzdyError(
            f"{args.position!r} is neither a record file nor a position "
            "(hands separated by '|', e.g. '5s 6s BJ | 7h 7d ; to_act=0')"
        )
    print(f"{where}: {format_position(deal)}")
    print(f"rules: {deal.rules}")
    progress = _SolveProgress(sys.stderr, args.quiet)
    main_thread = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGINT, progress.interrupt) if main_thread else None
    try:
        result = solve(
            deal,
            seat=args.seat,
            max_nodes=args.max_nodes,
            time_limit=args.time_limit,
            progress=progress,
        )
    finally:
        if main_thread:
            signal.signal(signal.SIGINT, previous)
        progress.close()
    interrupted = progress.interrupted and not result.complete
    if interrupted:
        print("interrupted: the answer so far")
    seat = result.seat
    together = "the other seat" if deal.players == 2 else "the other seats together"
    if not result.complete:
        print(f"value: unknown: the search stopped before it settled whether seat {seat} wins")
        label = "most promising move"
    elif result.win:
        print(f"value: seat {seat} can force going out first, whatever {together} play")
        label = "best move"
    else:
        print(f"value: seat {seat} cannot force going out first: {together} can stop it")
        label = "best move"
    if deal.players > 2:
        print("(the other seats are assumed to play together against it: the paranoid value)")
    if result.best_move is None:
        print("best move: none, the deal is decided")
    else:
        print(f"{label}: seat {deal.current_player} plays {result.best_move}")
        print("line:" if result.complete else "most promising line:")
        line = deal.copy(history=False)
        for number, move in enumerate(result.pv, 1):
            print(f"  {number:>3}. seat {line.current_player}: {move}")
            line.push(move)
        if result.complete:
            outcome = line.outcome
            if outcome.finish_order:
                print(f"  seat {outcome.finish_order[0]} is out first")
            elif outcome.over:
                print("  nobody can lead: the deal is drawn")
    rate = result.nodes / result.seconds if result.seconds > 0 else 0.0
    print(f"search: {result.nodes:,} nodes in {result.seconds:.3f} s ({rate:,.0f} nodes/s)")
    return 130 if interrupted else 0  # the shell's code for Ctrl-C


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ganzdy", description="Engine for Chinese climbing card games."
    )
    sub = parser.add_subparsers(dest="command", required=True)
    moves = sub.add_parser("moves", help="list every legal move from a hand")
    moves.add_argument("hand", help="card text, e.g. '5s 6h BJ RJ'")
    moves.add_argument("--table", help="the move to beat, e.g. '5d' or '4s 5s BJ as straight 4-6'")
    _add_rules_arguments(moves)
    moves.set_defaults(run=_cmd_moves)

    agents_help = f"comma-separated agent specs such as random:seed=3 (known: {_known()})"
    play = sub.add_parser(
        "play",
        help="play against bots at the terminal (you are seat 0); --game guandan plays a "
        "match with your partner at seat 2, --game gouji a match with your teammates at "
        "seats 2 and 4 (your 对家 is seat 3)",
    )
    play.add_argument(
        "--agents", help=f"the bots at seats 1, 2, ... (default: greedy); {agents_help}"
    )
    play.add_argument(
        "--deals",
        type=int,
        help="deals to play (default: 1); Guandan: hands at most (default: the whole match); "
        "Gouji: hands (default: the rules' hands_per_match)",
    )
    play.add_argument("--seed", type=int, help="match seed, for a game you can play again")
    _add_rules_arguments(play, "number of players (default: one more than --agents, else 4)")
    play.set_defaults(run=_cmd_play)

    arena_ = sub.add_parser(
        "arena",
        help="a round robin of agents over duplicate deals, with ratings (Guandan, Gouji: "
        "each agent is a team)",
    )
    arena_.add_argument(
        "--agents",
        default="greedy,random,random,random",
        help=f"{agents_help}; default: %(default)s",
    )
    arena_.add_argument("--deals", type=int, default=100, help="deals to play (default: 100)")
    arena_.add_argument("--seed", type=int, help="arena seed (default: random, printed)")
    arena_.add_argument("--record", metavar="DIR", help="write every deal's record as JSON")
    arena_.add_argument(
        "--no-rotate",
        dest="rotate",
        action="store_false",
        help="keep agent i at seat i instead of rotating seats over each deck",
    )
    arena_.add_argument(
        "--no-tribute",
        dest="tribute",
        action="store_false",
        help="Guandan, Gouji: play first hands of a match (no tribute) instead of hands "
        "after a random previous hand",
    )
    arena_.add_argument("--quiet", action="store_true", help="no progress bar or notes")
    arena_.add_argument(
        "--workers",
        type=int,
        metavar="N",
        help="processes to play in (default: one per local core; 1 plays in this process); "
        "with --ray and no address, the CPUs of the local Ray instance",
    )
    arena_.add_argument(
        "--ray",
        nargs="?",
        const="",
        metavar="ADDRESS",
        help="distribute the deals over Ray: the cluster at ADDRESS (e.g. auto, "
        "host:6379, ray://host:10001), or a local instance started for the run",
    )
    arena_.add_argument("--out", metavar="FILE", help="write the results as JSON")
    arena_.add_argument(
        "--plot", metavar="FILE", help="draw the ratings with 95%% CIs as a PNG (matplotlib)"
    )
    arena_.add_argument(
        "--bootstrap",
        type=int,
        default=1000,
        metavar="N",
        help="bootstrap samples for the ratings' confidence intervals (default: 1000)",
    )
    _add_rules_arguments(
        arena_,
        "seats at a table (default: the number of agents; fewer seats than agents plays "
        "a round robin of every table of that many)",
    )
    arena_.set_defaults(run=_cmd_arena)

    replay = sub.add_parser("replay", help="print a recorded deal move by move")
    replay.add_argument("file", help="a record written by 'arena --record' or ganzdy.records.save")
    replay.set_defaults(run=_cmd_replay)

    solve_ = sub.add_parser(
        "solve", help="solve an endgame exactly: can a seat force going out first?"
    )
    solve_.add_argument(
        "position",
        help="a record file (solved where its stock ran out, or at --ply) or a position "
        "such as '5s 6s BJ | 7h 7d ; to_act=0' (see docs/solver.md)",
    )
    solve_.add_argument(
        "--seat", type=int, help="whose win to solve for (default: the seat to act)"
    )
    solve_.add_argument("--ply", type=int, help="with a record: the position after this many moves")
    solve_.add_argument("--max-nodes", type=int, help="stop after this many nodes")
    solve_.add_argument("--time-limit", type=float, metavar="SECONDS", help="stop after this long")
    solve_.add_argument("--quiet", action="store_true", help="no progress line on stderr")
    solve_.add_argument(
        "--game", default="gan_deng_yan", help="rules preset of a position (default: gan_deng_yan)"
    )
    solve_.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a rule variant of a position, e.g. --option triple_mode=bomb (repeatable)",
    )
    solve_.set_defaults(run=_cmd_solve)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        code: int = args.run(args)
    except GanzdyError as error:
        print(f"ganzdy: error: {type(error).__name__}: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # The reader stopped early (`ganzdy moves ... | head`): nothing went wrong here.
        # Point stdout at /dev/null so the flush at exit does not fail again.
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except OSError as error:
        print(f"ganzdy: error: {error}", file=sys.stderr)
        return 2
    return code


if __name__ == "__main__":
    sys.exit(main())
