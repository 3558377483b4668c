"""A slow reference of Gouji play (gouji.md §6-§8), written from the rules text, to
check the engine's deal move by move.

It starts from a deal at the first lead (what the pre-play phases left: hands,
revolutions, graces, points) and follows the moves, keeping its own account of who
is active, who passed, yields, burns, 闷, graces, points and places. At each ply it
says who must act, in which role, and what the legal moves are, built from
``Rules.legal_moves`` (the card-level generator, checked elsewhere) and the roles
of §6.3-§6.5.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ganzdy import GoujiDeal, Move, Rules

PLAYERS = 6


def opp(seat: int) -> int:
    return (seat + 3) % PLAYERS


def team(seat: int) -> int:
    return seat % 2


def rank(card: str) -> str:
    return card if card in ("BJ", "RJ") else card[0]


def feasible(options: dict[str, Any], rest: list[str]) -> bool:
    """§6.5: can `rest` be played out with a joker in every play but the last?"""
    if not rest:
        return True
    ranks = Counter(rank(c) for c in rest)
    jokers = ranks["BJ"] + ranks["RJ"]
    biesan = options["biesan"]
    groups = sum(1 for r in ranks if r not in ("BJ", "RJ", "2") and not (biesan and r == "3"))
    if biesan and ranks["3"]:
        if groups == 0 and ranks["2"]:
            return jokers >= 1
        return jokers >= groups
    return groups <= 1 or jokers >= groups - 1


class PlayReference:
    def __init__(self, deal: GoujiDeal) -> None:
        assert deal.phase == "play" and deal.table.is_pass
        self.rules: Rules = deal.rules
        self.o = {name: option.value for name, option in self.rules.options.items()}
        self.hands = [list(deal.hand(s)) for s in range(PLAYERS)]
        self.revolted = {s for s in range(PLAYERS) if deal.is_revolted(s)}
        self.out: list[int] = []
        self.eliminated: set[int] = set()
        self.place: dict[int, int] = {}
        self.opened = set(deal.points_opened)
        self.grace = list(deal.grace)
        self.pointed: set[int] | None = None
        self.menned_by: dict[int, int] = {}
        self.burned: dict[int, int] = {}
        self.burner: int | None = None
        self.burn_victim: int | None = None
        self.last_out: int | None = None
        self.over = False
        self.new_trick(deal.first_leader)

    # Status (§6.2).
    def active(self, s: int) -> bool:
        return s not in self.revolted and s not in self.out and s not in self.eliminated

    def chaos(self) -> bool:
        return sum(self.active(s) for s in range(PLAYERS)) <= self.o["chaos_threshold"]

    def head(self, s: int) -> bool:
        return self.active(opp(s)) or self.grace[s] > 0

    def new_trick(self, leader: int) -> None:
        self.table: Move | None = None
        self.owner: int | None = None
        self.restricted = False
        self.passed: set[int] = set()
        self.yields: set[int] = set()
        self.yielder: int | None = None
        self.asking_yielder = False
        self.queue: list[int] = []
        self.current = leader

    # Roles (§6.3).
    def role(self, s: int) -> str | None:
        if self.table is None:
            return "lead" if s == self.current else None
        if self.asking_yielder and s == self.yielder:
            return "answer"
        x = self.owner
        assert x is not None
        if not self.active(s) or s == x:
            return None
        if self.restricted:
            if s == opp(x):
                return "answer"
            if not self.head(s):
                return (
                    "answer" if self.o["headless_free_response"] and s not in self.passed else None
                )
            if s in self.passed:
                return None
            if team(s) == team(x) and not self.o["burn_by_teammates"]:
                return None
            if self.o["burn_requires_open_point"] and s not in self.opened:
                return None
            return "burn"
        if self.chaos():
            return "answer"
        if s in self.passed and opp(s) != x:
            return None
        return "answer"

    def visit_order(self) -> list[int]:
        x = self.owner
        assert x is not None
        order = [(x + k) % PLAYERS for k in range(1, PLAYERS)]
        if self.restricted and self.o["burn_priority"] == "teammates_first":
            order[0], order[1] = order[1], order[0]
        return order

    def next_turn(self) -> None:
        while self.queue:
            s = self.queue.pop(0)
            if self.role(s) is not None:
                self.current = s
                return
        if self.yielder is not None and not self.asking_yielder:
            self.asking_yielder = True
            self.current = self.yielder
            return
        self.win_trick()

    def win_trick(self) -> None:
        x = self.owner
        assert x is not None and self.table is not None
        if self.restricted and self.rules.classify(self.table.cards).opens_point:
            self.opened.add(x)
        if self.active(x):
            self.new_trick(x)
            return
        leader = None
        if self.o["lead_after_finished_winner"] == "teammate":
            leader = next((t for t in ((x + 2) % 6, (x + 4) % 6) if self.active(t)), None)
        self.new_trick(leader if leader is not None else self.next_active(x))

    def next_active(self, s: int) -> int:
        for k in range(1, PLAYERS + 1):
            if self.active((s + k) % PLAYERS):
                return (s + k) % PLAYERS
        raise AssertionError("nobody is active")

    def yield_ok(self) -> bool:
        s = self.current
        if not self.o["yield_enabled"] or self.table is None or self.asking_yielder:
            return False
        if self.role(s) != "answer":
            return False
        if self.chaos():
            if s in self.yields:
                return False
        elif opp(s) != self.owner:
            return False
        return any(self.role(t) is not None for t in self.queue)

    # Legal moves.
    def legal(self) -> set[str]:
        s = self.current
        hand = self.hands[s]
        text = " ".join(hand)
        opened = s in self.opened
        if self.table is None:
            leads = self.rules.legal_moves(text, opened_point=opened) or self.rules.legal_moves(
                text, opened_point=True
            )
            if s == self.burner and self.o["burn_illegal_mode"] == "forbid":
                kept = [
                    m
                    for m in leads
                    if (m.cards.jokers > 0 or len(m.cards) == len(hand))
                    and feasible(self.o, self.rest(hand, m))
                ]
                leads = kept or leads
            return {str(m) for m in leads}
        out = {"pass"}
        if self.yield_ok():
            out.add("yield")
        role = self.role(s)
        follows = self.rules.legal_moves(text, self.table, opened_point=opened)
        if role == "answer":
            out |= {str(m) for m in follows}
        elif role == "burn":
            forbid = self.o["burn_illegal_mode"] == "forbid"
            out |= {str(m) for m in follows if not forbid or feasible(self.o, self.rest(hand, m))}
        return out

    @staticmethod
    def rest(hand: list[str], move: Move) -> list[str]:
        left = list(hand)
        for c in move.cards:
            left.remove(c)
        return left

    # Moves.
    def step(self, move: Move) -> None:
        s = self.current
        if move.kind == "yield":
            self.yielder = s
            self.yields.add(s)
            self.next_turn()
            return
        if move.is_pass:
            self.passed.add(s)
            if self.asking_yielder:
                self.win_trick()
            else:
                self.next_turn()
            return
        leading = self.table is None
        role = "lead" if leading else self.role(s)
        x = self.owner
        menned = None
        if (
            not leading
            and self.o["biesan"]
            and x is not None
            and self.active(x)
            and x not in self.menned_by
        ):
            h = self.hands[x]
            if h and all(rank(c) == "3" for c in h):
                self.menned_by[x] = s
                menned = x
        self.hands[s] = self.rest(self.hands[s], move)
        info = self.rules.classify(move.cards)
        had_head = self.head(s)
        if info.is_gouji and not self.active(opp(s)) and self.grace[s] > 0:
            self.grace[s] -= 1
        if self.burner is not None and self.burner != s:
            self.burner = self.burn_victim = None
        if role == "burn":
            self.burner, self.burn_victim = s, x
        failed = False
        if self.burner == s and self.hands[s]:
            stuck = (leading and move.cards.jokers == 0) or not feasible(self.o, self.hands[s])
            if stuck:
                if self.o["burn_illegal_mode"] == "penalize":
                    failed = True
                else:
                    self.burner = self.burn_victim = None
        self.table, self.owner = move, s
        if self.yielder is not None:
            self.passed.add(self.yielder)
            self.yielder = None
            self.asking_yielder = False
        if not self.hands[s]:
            self.go_out(s, info.is_gouji)
        if (
            menned is not None
            and self.o["men_immediate_bottom"]
            and self.active(menned)
            and not self.over
        ):
            self.eliminate(menned)
        if self.over:
            return
        if failed:
            victim = self.burn_victim
            assert victim is not None
            self.eliminate(s)
            if self.over:
                return
            self.new_trick(victim if self.active(victim) else self.next_active(victim))
            return
        self.restricted = info.is_gouji and had_head and not self.chaos()
        if self.chaos():
            self.passed = set()
        # Led by a big joker, nothing answers: in 'strict', and in 'cover' for jokers
        # alone (which 'cover' compares strictly, having no rank part to cover).
        mode = self.o["beat_mode"]
        jokers_alone = all(v in ("BJ", "RJ") for v in info.vector)
        unbeatable = info.vector[:1] == ["RJ"] and (
            mode == "strict" or (mode == "cover" and jokers_alone)
        )
        if unbeatable:
            self.win_trick()
            return
        self.queue = self.visit_order()
        self.next_turn()

    # Going out, places, points (§6.6, §6.8).
    def free_places(self) -> list[int]:
        taken = set(self.place.values())
        return [p for p in range(PLAYERS) if p not in taken and not (p == 3 and self.revolted)]

    def go_out(self, s: int, gouji_last: bool) -> None:
        self.place[s] = self.free_places()[0]
        self.out.append(s)
        self.last_out = s
        o = opp(s)
        self.grace[o] = 1 if self.o["dipai_grace"] and gouji_last and self.active(o) else 0
        if self.burner == s:
            assert self.burn_victim is not None
            self.burned[s] = self.burn_victim
            self.burner = self.burn_victim = None
        if self.pointed is None and self.o["point_check_time"] == "first_out":
            self.check_points()
        self.check_end()

    def eliminate(self, s: int) -> None:
        self.place[s] = self.free_places()[-1]
        self.eliminated.add(s)
        self.last_out = s
        self.grace[opp(s)] = 0
        if self.burner == s:
            self.burner = self.burn_victim = None
        self.check_end()

    def check_points(self) -> None:
        if self.o["point_check_time"] == "first_out":
            self.pointed = {s for s in range(PLAYERS) if self.active(s) and s not in self.opened}
        else:
            self.pointed = {
                s for s in range(PLAYERS) if s not in self.opened and s not in self.revolted
            }

    def check_end(self) -> None:
        for t in (0, 1):
            if not any(self.active(s) for s in range(t, PLAYERS, 2)):
                break
        else:
            return
        if self.pointed is None:
            self.check_points()
        for r in self.revolted:
            mates = {self.place.get((r + 2) % 6), self.place.get((r + 4) % 6)}
            self.place[r] = 2 if mates == {0, 1} and 2 not in self.place.values() else 3
        start = 0 if self.last_out is None else (self.last_out + 1) % PLAYERS
        rest = [s for s in range(PLAYERS) if s not in self.place]
        if self.o["remaining_place_order"] == "seat":
            rest.sort()
        else:
            rest.sort(key=lambda s: (len(self.hands[s]), (s - start) % PLAYERS))
        free = sorted(p for p in range(PLAYERS) if p not in self.place.values())
        for s, p in zip(rest, free, strict=True):
            self.place[s] = p
        self.over = True

    def points(self) -> list[int]:
        by_place = [2, 1, 0, 0, -1, -2]
        seats = sorted(range(PLAYERS), key=lambda s: self.place[s])
        factor = 2 if self.o["scoring"] == "4,2,0,0,-2,-4" else 1
        if team(seats[0]) == team(seats[1]) == team(seats[2]):
            factor *= 2
        out = [0] * PLAYERS
        for p, s in enumerate(seats):
            out[s] = by_place[p] * factor
        return out


def check_against(ref: PlayReference, deal: GoujiDeal) -> None:
    """The engine's deal agrees with the reference now."""
    assert deal.is_terminal == ref.over, (deal.is_terminal, ref.over)
    places = [ref.place.get(s) for s in range(PLAYERS)]
    if ref.over:
        assert deal.places == places, (deal.places, places)
        assert deal.outcome.points == ref.points()
    else:
        assert deal.current_player == ref.current, (deal.current_player, ref.current, str(deal))
        assert deal.role == ref.role(ref.current), (deal.role, ref.role(ref.current))
        assert deal.restricted == ref.restricted
        assert {str(m) for m in deal.legal_moves} == ref.legal(), str(deal)
        assert [p for p in deal.places] == places
    assert (deal.burner, deal.burned) == (ref.burner, ref.burn_victim)
    assert set(deal.points_opened) == ref.opened
    assert deal.grace == ref.grace
    assert deal.menned_by == [ref.menned_by.get(s) for s in range(PLAYERS)]
    if ref.pointed is not None:
        assert set(deal.pointed) == ref.pointed
    assert deal.finish_order == ref.out
