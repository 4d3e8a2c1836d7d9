"""Sealed Bids: a tiny test-only game that exercises every part of the :class:`Game` contract.

Rules (2–4 players, ``rounds`` rounds, default 5):

* Bid cards are numbered ``1..4*rounds`` in bands of four (``1–4``, ``5–8``, ...). At setup
  every seat is dealt, secretly, one random card of each band; the cards nobody gets stay
  hidden in the stock. Hands are private.
* Each round two prizes are drawn at random from the public pool ``1..12`` and shown. The
  round's **leader** (seat ``round % players``) picks one to auction; the other is
  discarded. *(one acting seat)*
* Every seat then commits one card from its hand as a sealed bid at the same time.
  Nobody sees another seat's committed bid until all have committed; then all bids are
  revealed together. *(several seats in ``to_act``; the reveal is an undo barrier)*
  Cards are all different, so the highest bid is unique and wins the prize. The winner's
  card is spent; the others take their cards back (now known to everybody).
* Veto window (option ``veto``): each other seat, clockwise from the winner's left, that
  still holds its single veto token may **veto** (the prize is discarded and the token is
  spent) or **allow**. The first veto closes the window. *(a reaction by seats that are
  not the turn-holder)*
* Score: prize points won, plus 2 points per unused veto token. Most points wins; ties go
  to the seat that won more prizes, then stay shared.

Randomness lives in ``state.rng``: the deal, and the two prizes drawn each round. A smart
player wins big prizes with the smallest card that will do, lets small ones go and vetoes
a rival's big win; a random player does none of this, so good bots beat random ones
clearly. Hidden information: the unseen cards in each hand, the stock, sealed bids.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, NamedTuple, Sequence

from core.engine import CorruptData, Game, GameInfo, OptionSpec, Result, rank_by
from core.rng import Rng

BAND = 4
PRIZES: tuple[int, ...] = tuple(range(1, 13))
VETO_POINTS = 2
NO_BID = 0
HIDDEN = -1
"""A committed bid the viewer may not see (only ever in views)."""
MASKED = 0
"""A card the viewer may not see (only ever in views)."""
FULL = -1
"""``state.viewer`` of a real (or determinized) state."""
SPECTATOR = -2
"""``state.viewer`` of a spectator's view."""
PHASES = ("pick", "bid", "react", "over")
KINDS = ("pick", "bid", "veto", "allow")


class Action(NamedTuple):
    """One decision: ``pick`` (value = offer index), ``bid`` (value = card), ``veto``, ``allow``."""

    kind: str
    value: int = 0


@dataclass(slots=True)
class BidState:
    """The whole game state (also used, masked, as a view)."""

    names: list[str]
    rounds: int
    veto_on: bool
    rng: Rng
    round: int
    phase: str
    offer: list[int]
    pool: list[int]
    hands: list[list[int]]
    stock: list[int]
    bids: list[int]
    last_bids: list[int]
    winner: int
    asked: int
    vetoes: list[int]
    won: list[list[int]]
    spent: list[list[int]]
    shown: list[list[int]]
    reveals: int
    viewer: int

    @property
    def n(self) -> int:
        """Number of seats."""
        return len(self.names)

    @property
    def leader(self) -> int:
        """The seat that picks the prize this round (and holds the turn)."""
        return self.round % len(self.names)

    def clone(self) -> "BidState":
        """A fast independent copy."""
        return BidState(
            names=self.names,  # never mutated
            rounds=self.rounds,
            veto_on=self.veto_on,
            rng=self.rng.clone(),
            round=self.round,
            phase=self.phase,
            offer=self.offer[:],
            pool=self.pool[:],
            hands=[h[:] for h in self.hands],
            stock=self.stock[:],
            bids=self.bids[:],
            last_bids=self.last_bids[:],
            winner=self.winner,
            asked=self.asked,
            vetoes=self.vetoes[:],
            won=[w[:] for w in self.won],
            spent=[p[:] for p in self.spent],
            shown=[p[:] for p in self.shown],
            reveals=self.reveals,
            viewer=self.viewer,
        )


def band_of(card: int) -> int:
    """The band (0-based) of a bid card."""
    return (card - 1) // BAND


class SealedBids(Game[BidState, Action]):
    """The toy game (see the module docstring for the rules)."""

    info = GameInfo(
        id="sealedbids",
        title="Sealed Bids",
        min_players=2,
        max_players=4,
        blurb="Bid secret cards for random prizes; rivals may veto your win.",
        options=(
            OptionSpec("rounds", "Rounds", 5, choices=("3", "4", "5", "6")),
            OptionSpec("veto", "Veto window", True, help="Rivals may veto a win once per game."),
        ),
        hidden_information=True,
    )

    # --- lifecycle -------------------------------------------------------------------
    def setup(self, players: Sequence[str], seed: int, options: Mapping[str, Any]) -> BidState:
        """Deal one card of each band to every seat and draw the first two prizes."""
        n = len(players)
        rounds = int(options.get("rounds", 5))
        rng = Rng(seed)
        hands: list[list[int]] = [[] for _ in range(n)]
        stock: list[int] = []
        for band in range(rounds):
            cards = list(range(band * BAND + 1, band * BAND + BAND + 1))
            rng.shuffle(cards)
            for seat in range(n):
                hands[seat].append(cards[seat])
            stock.extend(cards[n:])
        state = BidState(
            names=list(players),
            rounds=rounds,
            veto_on=bool(options.get("veto", True)),
            rng=rng,
            round=0,
            phase="pick",
            offer=[],
            pool=list(PRIZES),
            hands=[sorted(h) for h in hands],
            stock=sorted(stock),
            bids=[NO_BID] * n,
            last_bids=[NO_BID] * n,
            winner=-1,
            asked=-1,
            vetoes=[1] * n,
            won=[[] for _ in range(n)],
            spent=[[] for _ in range(n)],
            shown=[[] for _ in range(n)],
            reveals=0,
            viewer=FULL,
        )
        self._draw_offer(state)
        return state

    def _draw_offer(self, state: BidState) -> None:
        state.offer = [state.pool.pop(state.rng.randbelow(len(state.pool))) for _ in range(2)]
        state.phase = "pick"

    def to_act(self, state: BidState) -> list[int]:
        """The leader (pick), every uncommitted seat (bid) or the seat asked (react)."""
        if state.phase == "pick":
            return [state.leader]
        if state.phase == "bid":
            return [s for s in range(state.n) if state.bids[s] == NO_BID]
        if state.phase == "react":
            return [state.asked]
        return []

    def legal_actions(self, state: BidState, seat: int) -> list[Action]:
        """Every legal action for ``seat`` (empty when it need not act)."""
        if state.phase == "pick" and seat == state.leader:
            return [Action("pick", 0), Action("pick", 1)]
        if state.phase == "bid" and 0 <= seat < state.n and state.bids[seat] == NO_BID:
            return [Action("bid", card) for card in state.hands[seat] if card != MASKED]
        if state.phase == "react" and seat == state.asked:
            return [Action("veto"), Action("allow")]
        return []

    def apply_in_place(self, state: BidState, seat: int, action: Action) -> None:
        """Perform a legal action."""
        kind = action.kind
        if kind == "pick":
            state.offer = [state.offer[action.value]]
            state.phase = "bid"
            state.bids = [NO_BID] * state.n
        elif kind == "bid":
            state.bids[seat] = action.value  # the card leaves the hand at the reveal
            if NO_BID not in state.bids:
                self._reveal(state)
        elif kind == "veto":
            state.vetoes[seat] -= 1
            self._end_round(state)
        else:  # allow
            nxt = self._next_vetoer(state, seat)
            if nxt < 0:
                state.won[state.winner].append(state.offer[0])
                self._end_round(state)
            else:
                state.asked = nxt

    def _reveal(self, state: BidState) -> None:
        state.reveals += 1
        state.last_bids = state.bids[:]
        state.bids = [NO_BID] * state.n
        state.winner = state.last_bids.index(max(state.last_bids))
        for seat, card in enumerate(state.last_bids):
            if seat == state.winner:
                state.hands[seat].remove(card)
                state.spent[seat].append(card)
                if card in state.shown[seat]:
                    state.shown[seat].remove(card)
            elif card not in state.shown[seat]:
                state.shown[seat].append(card)
                state.shown[seat].sort()
        nxt = self._next_vetoer(state, state.winner) if state.veto_on else -1
        if nxt < 0:
            state.won[state.winner].append(state.offer[0])
            self._end_round(state)
        else:
            state.phase = "react"
            state.asked = nxt

    def _next_vetoer(self, state: BidState, after: int) -> int:
        """The next seat clockwise after ``after`` (before the winner) with a veto token."""
        seat = (after + 1) % state.n
        while seat != state.winner:
            if state.vetoes[seat] > 0:
                return seat
            seat = (seat + 1) % state.n
        return -1

    def _end_round(self, state: BidState) -> None:
        state.asked = -1
        state.round += 1
        if state.round >= state.rounds:
            state.phase = "over"
            state.offer = []
        else:
            self._draw_offer(state)

    def is_over(self, state: BidState) -> bool:
        """True after the last round."""
        return state.phase == "over"

    def result(self, state: BidState) -> Result:
        """Prize points + 2 per unused veto; ties broken by the number of prizes won."""
        prizes = [sum(w) for w in state.won]
        kept = [VETO_POINTS * v for v in state.vetoes]
        totals = tuple(p + k for p, k in zip(prizes, kept))
        ranks = rank_by([(t, len(w)) for t, w in zip(totals, state.won)])
        notes: tuple[str, ...] = ()
        best = max(totals)
        if sum(1 for t in totals if t == best) > 1:
            notes = ("Tied on points: more prizes won ranks higher.",)
        return Result(
            categories=("Prizes", "Vetoes kept", "Total"),
            breakdown=tuple((p, k, t) for p, k, t in zip(prizes, kept, totals)),
            totals=totals,
            ranks=ranks,
            notes=notes,
        )

    def clone(self, state: BidState) -> BidState:
        """A fast independent copy."""
        return state.clone()

    def num_players(self, state: BidState) -> int:
        """Number of seats."""
        return state.n

    # --- information -----------------------------------------------------------------
    def view(self, state: BidState, seat: int | None) -> BidState:
        """Mask unseen cards of other hands, the stock, others' sealed bids and the RNG.

        Another seat's hand shows the cards it is known to hold (revealed in a lost bid),
        then one ``MASKED`` per unseen card, so masked positions leak no ranks.
        """
        v = state.clone()
        v.rng = Rng(0)  # views have no usable RNG
        v.viewer = SPECTATOR if seat is None else seat
        v.stock = [MASKED] * len(v.stock)
        for other in range(v.n):
            if other == seat:
                continue
            known = v.shown[other]
            v.hands[other] = known[:] + [MASKED] * (len(v.hands[other]) - len(known))
            if v.bids[other] != NO_BID:
                v.bids[other] = HIDDEN
        return v

    def problems(self, state: BidState) -> list[str]:
        """The toy game's invariants (see the module-level :func:`problems`)."""
        return problems(state)

    def is_view(self, state: BidState) -> bool:
        """Views keep a dummy RNG, so ``viewer`` tells them apart from whole states."""
        return state.viewer != FULL

    def determinize(self, view: BidState, seat: int, rng: Rng) -> BidState:
        """Deal the unseen cards band by band to the seats that must hold them.

        Each seat holds exactly one card of every band it has not spent or shown, so the
        sample is always consistent with the view; a sealed bid is one of the holder's cards.
        """
        state = view.clone()
        state.viewer = FULL
        state.rng = rng.spawn()
        known = set(view.hands[seat])
        for cards in view.spent + view.shown:
            known.update(cards)
        holding: list[list[int]] = [[] for _ in range(view.n)]
        stock: list[int] = []
        for band in range(view.rounds):
            unseen = [c for c in range(band * BAND + 1, band * BAND + BAND + 1) if c not in known]
            rng.shuffle(unseen)
            for other in range(view.n):
                if other == seat or any(
                    band_of(c) == band for c in view.spent[other] + view.shown[other]
                ):
                    continue
                holding[other].append(unseen.pop())
            stock.extend(unseen)
        for other in range(view.n):
            if other == seat:
                continue
            cards = holding[other] + view.shown[other]
            if view.bids[other] == HIDDEN:  # a sealed bid stays in the hand until the reveal
                state.bids[other] = cards[rng.randbelow(len(cards))]
            state.hands[other] = sorted(cards)
        state.stock = sorted(stock)
        return state

    def is_undo_barrier(self, before: BidState, after: BidState) -> bool:
        """A prize draw (RNG) or a reveal of the sealed bids."""
        return before.rng != after.rng or before.reveals != after.reveals

    # --- text ------------------------------------------------------------------------
    def describe(self, action: Action, state: BidState | None = None) -> str:
        """Menu/log text. Given a real state or a spectator view (the shared log), a bid
        stays secret: only the bidder's own menu (no state, or its own view) names the card."""
        if action.kind == "pick":
            if state is not None and state.offer and action.value < len(state.offer):
                return f"Auction prize {state.offer[action.value]}"
            return f"Auction offer {action.value + 1}"
        if action.kind == "bid":
            if state is not None and state.viewer in (FULL, SPECTATOR):
                return "Seal a bid"
            return f"Bid {action.value}"
        return "Veto the win" if action.kind == "veto" else "Allow the win"

    def prompt(self, state: BidState, seat: int) -> str:
        """What ``seat`` decides now."""
        return {
            "pick": "Pick the prize to auction.",
            "bid": "Seal a bid card.",
            "react": "Veto or allow the win.",
        }.get(state.phase, "Game over.")

    def progress(self, state: BidState) -> str:
        """Progress as "Round r/R"."""
        return f"Round {min(state.round + 1, state.rounds)}/{state.rounds}"

    def round_number(self, state: BidState) -> int:
        """The round being played (``state.round`` counts from 0); the last one at the end."""
        return min(state.round + 1, state.rounds)

    def turn_holder(self, state: BidState) -> int | None:
        """The leader, or the winner while rivals react to the win."""
        if state.phase == "over":
            return None
        return state.winner if state.phase == "react" else state.leader

    def scores(self, state: BidState) -> list[int]:
        """Prize points plus the value of unused vetoes."""
        return [sum(w) + VETO_POINTS * v for w, v in zip(state.won, state.vetoes)]

    # --- encoding --------------------------------------------------------------------
    def encode_state(self, state: BidState) -> dict[str, Any]:
        """Plain data."""
        return {
            "names": list(state.names),
            "rounds": state.rounds,
            "veto_on": state.veto_on,
            "rng": state.rng.encode(),
            "round": state.round,
            "phase": state.phase,
            "offer": state.offer[:],
            "pool": state.pool[:],
            "hands": [h[:] for h in state.hands],
            "stock": state.stock[:],
            "bids": state.bids[:],
            "last_bids": state.last_bids[:],
            "winner": state.winner,
            "asked": state.asked,
            "vetoes": state.vetoes[:],
            "won": [w[:] for w in state.won],
            "spent": [p[:] for p in state.spent],
            "shown": [p[:] for p in state.shown],
            "reveals": state.reveals,
            "viewer": state.viewer,
        }

    def decode_state(self, data: Any) -> BidState:
        """Rebuild a state; :class:`CorruptData` on anything malformed."""
        if not isinstance(data, dict):
            raise CorruptData("state must be a table")
        try:
            names = data["names"]
            if not (isinstance(names, list) and 2 <= len(names) <= 4):
                raise CorruptData("names must list 2-4 players")
            if not all(isinstance(x, str) for x in names):
                raise CorruptData("names must be text")
            n = len(names)
            try:
                rng = Rng.decode(data["rng"])
            except ValueError as exc:
                raise CorruptData(str(exc)) from None
            phase = data["phase"]
            if phase not in PHASES:
                raise CorruptData(f"unknown phase {phase!r}")
            veto_on = data["veto_on"]
            if not isinstance(veto_on, bool):
                raise CorruptData("veto_on must be true or false")
            state = BidState(
                names=list(names),
                rounds=_int(data["rounds"], "rounds"),
                veto_on=veto_on,
                rng=rng,
                round=_int(data["round"], "round"),
                phase=phase,
                offer=_ints(data["offer"], "offer"),
                pool=_ints(data["pool"], "pool"),
                hands=_int_lists(data["hands"], "hands", n),
                stock=_ints(data["stock"], "stock"),
                bids=_ints(data["bids"], "bids", n),
                last_bids=_ints(data["last_bids"], "last_bids", n),
                winner=_int(data["winner"], "winner"),
                asked=_int(data["asked"], "asked"),
                vetoes=_ints(data["vetoes"], "vetoes", n),
                won=_int_lists(data["won"], "won", n),
                spent=_int_lists(data["spent"], "spent", n),
                shown=_int_lists(data["shown"], "shown", n),
                reveals=_int(data["reveals"], "reveals"),
                viewer=_int(data["viewer"], "viewer"),
            )
        except KeyError as exc:
            raise CorruptData(f"missing field {exc.args[0]!r}") from None
        found = problems(state)
        if found:
            raise CorruptData("; ".join(found[:3]))
        return state

    def encode_action(self, action: Action) -> dict[str, Any]:
        """Plain data."""
        return {"kind": action.kind, "value": action.value}

    def decode_action(self, data: Any) -> Action:
        """Rebuild an action; :class:`CorruptData` if malformed."""
        if not isinstance(data, dict) or data.get("kind") not in KINDS:
            raise CorruptData("not a Sealed Bids action")
        return Action(data["kind"], _int(data.get("value", 0), "value"))


def problems(state: BidState) -> list[str]:
    """The rules' invariants that ``state`` (a whole game or a view) breaks, in plain sentences.

    Empty when all hold: the round and phase agree, prizes are drawn two a round and never
    twice, every bid card is in exactly one place (views: masked ones counted), each seat
    holds or has spent one card of every band, sealed bids come from the bidder's hand.
    """
    found: list[str] = []
    n = state.n
    if state.viewer not in (FULL, SPECTATOR) and not 0 <= state.viewer < n:
        found.append(f"viewer {state.viewer} is not a seat")
    if not 3 <= state.rounds <= 6 or not 0 <= state.round <= state.rounds:
        return found + ["round out of range"]  # every count below depends on the rounds
    if (state.phase == "over") != (state.round == state.rounds):
        found.append("the game is over exactly after the last round")
    if len(state.offer) != {"pick": 2, "bid": 1, "react": 1, "over": 0}[state.phase]:
        found.append(f"{len(state.offer)} prizes on offer in the {state.phase} phase")
    prizes = state.pool + state.offer + [p for won in state.won for p in won]
    if len(set(prizes)) != len(prizes) or not set(prizes) <= set(PRIZES):
        found.append("a prize is in two places, or is not one of the game's prizes")
    if len(state.pool) != len(PRIZES) - 2 * min(state.round + 1, state.rounds):
        found.append(f"{len(state.pool)} prizes left in the pool in round {state.round + 1}")
    if sum(len(won) for won in state.won) > state.round:
        found.append("more prizes won than rounds played")
    if state.reveals != state.round + (1 if state.phase == "react" else 0):
        found.append(f"{state.reveals} reveals of the bids by round {state.round + 1}")
    if sum(len(spent) for spent in state.spent) != state.reveals:
        found.append("one card is spent at every reveal, by its winner")

    # Bid cards: each in one hand, spent, or in the stock (masked in views).
    cards = state.stock + [c for seat in range(n) for c in state.hands[seat] + state.spent[seat]]
    seen = [c for c in cards if c != MASKED]
    if len(cards) != BAND * state.rounds or len(set(seen)) != len(seen):
        found.append(f"the bid cards do not add up to {BAND * state.rounds}, each once")
    if not set(seen) <= set(range(1, BAND * state.rounds + 1)):
        found.append("a bid card is not one of the game's cards")
    for seat in range(n):
        hand = state.hands[seat]
        known = [c for c in hand + state.spent[seat] if c != MASKED]
        bands = sorted(band_of(c) for c in known)
        if len(hand) + len(state.spent[seat]) != state.rounds or len(set(bands)) != len(bands):
            found.append(f"seat {seat} does not hold or have spent one card of each band")
        if not set(state.shown[seat]) <= set(hand):
            found.append(f"seat {seat} shows a card it does not hold")
        bid = state.bids[seat]
        if state.phase != "bid" and bid != NO_BID:
            found.append(f"seat {seat} has a sealed bid outside the bidding")
        elif bid == HIDDEN and state.viewer in (FULL, seat):
            found.append(f"seat {seat}'s sealed bid is hidden from a state that must see it")
        elif bid not in (NO_BID, HIDDEN) and bid not in hand:
            found.append(f"seat {seat} bids card {bid}, which is not in its hand")
        if not 0 <= state.vetoes[seat] <= 1:
            found.append(f"seat {seat} has {state.vetoes[seat]} veto tokens")
    if state.phase == "bid" and NO_BID not in state.bids:
        found.append("every bid is sealed but they were not revealed")
    if state.phase == "react":
        if not (0 <= state.asked < n and 0 <= state.winner < n) or state.asked == state.winner:
            found.append("reaction window without a seat to ask")
    elif state.asked != -1:
        found.append("a seat is asked to react outside the reaction window")
    return found


def _int(value: Any, name: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise CorruptData(f"{name} must be a whole number")
    return value


def _ints(value: Any, name: str, length: int | None = None) -> list[int]:
    if not isinstance(value, list):
        raise CorruptData(f"{name} must be a list")
    if length is not None and len(value) != length:
        raise CorruptData(f"{name} must have {length} entries")
    return [_int(v, name) for v in value]


def _int_lists(value: Any, name: str, length: int) -> list[list[int]]:
    if not isinstance(value, list) or len(value) != length:
        raise CorruptData(f"{name} must list {length} seats")
    return [_ints(v, name) for v in value]


GAME = SealedBids()
