"""``IntendentesGame``: the Intendentes rules behind the common game contract.

Player words come from ``core.intendentes.text`` (``describe``, ``narrate``, ``prompt``,
``effects``, ``progress``, the rules appendix) and ``core.intendentes.explain``
(``why_illegal``).
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Mapping, Sequence

from core.ai.profile import SearchProfile
from core.engine import (
    Game,
    GameInfo,
    OptionSpec,
    PlainData,
    Result,
    Standings,
    first_player_option,
)
from core.intendentes import actions as act
from core.intendentes import encoding, explain, invariants, reasons, rules, scoring, text
from core.intendentes.bots import block_worth, quiet
from core.intendentes.actions import Action, Bid
from core.intendentes.content import (
    BLOCKS,
    EVENTS,
    FAMILY_EVENT_INDICES,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PLAN_DECK,
    START_MONEY,
)
from core.intendentes.state import FULL, HIDDEN, S_OVER, SPECTATOR, State
from core.rng import Rng

FAMILY = OptionSpec(
    key="family",
    label="Family game",
    default=False,
    help=(
        "On: the family sides of the initial blocks and only the 11 family events. "
        "Off (default): the advanced game with all 20 events."
    ),
)
HIDDEN_MONEY = OptionSpec(
    key="hidden_money",
    label="Hidden money",
    default=False,
    help="On: each mayor's money is secret from the others. Off (default): money is public.",
)
FIRST_PLAYER = first_player_option(
    "First player",
    "Who is first in the round-1 turn order: drawn at random, or the seat you pick.",
    MAX_PLAYERS,
)

INFO = GameInfo(
    id="intendentes",
    title="Intendentes",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    blurb=(
        "Mayors of Buenos Aires Province bid for towns, fields, factories and police posts, "
        "then weather fires, floods, protests and famine: the most splendid district wins."
    ),
    options=(FAMILY, HIDDEN_MONEY, FIRST_PLAYER),
    hidden_information=True,
)

BID_SPREAD = 2
"""``bot_actions`` keeps bids this far around its estimate of a block's worth."""


class IntendentesGame(Game[State, Action]):
    """Intendentes for 2-4 players (see ``seeds/intendentes/rules.md``)."""

    info = INFO
    final_scoring_subtracts = True  # district size and happiness can be negative (§11)
    # A game is ~140-150 decisions (2 players) and one evaluation ~0.1 ms, so the default
    # profile (300 iterations of 8-decision rollouts scoring 8 moves) took ~1.5 s a hard
    # decision. Hard searches greedy's best 3 moves with 40 greedy rollouts, each scoring 4
    # sampled moves. Leaf evaluations in the middle of an auction mislead the search (cut at
    # 0 decisions, 150 iterations, it won 8/40 against easy; searching only the bidding so,
    # 10/40), so rollouts run 20 decisions (about a round in 2 players) with no random moves,
    # and a cut-off is scored more by its margin (place_weight 0.3). Hard vs easy, 2 players,
    # seats swapped (seeds 7000+, 8000+): rollouts of 6 (the old profile, seeds 1000+)
    # 32.5/60 (54%); of 12, 47.5/76 (62%); of 20, 27/36 (75%, 95% CI 59-86%; 12 decisions
    # won 21.5 of those 36). Hard beats random 10/10; against three easy bots it wins 4.5/16
    # (the old profile 4/16 on the same seeds). Median hard decision 0.46 s, p90 0.68 s (2
    # players; old 0.25 / 0.5 s), 0.76 s / 1.3 s (4 players; old 0.13 / 0.27 s), 2 loaded cores.
    # In 4 players 20 decisions end mid-auction most of the time, so a rollout cut off while
    # bids are open plays the auction out first (quiet, at most 30 decisions more): against
    # three easy bots, seeds 8100-8123, 14/24 (58%) against 10.5/24 (44%) without, no slower.
    # Over 100 games (seeds 4000+, seats rotated as `meeple simulate` does) that profile won
    # only 35/100: 40 iterations do not grow a tree deep enough to matter, and UCB1 over
    # independent determinizations could not tell the three moves apart. Searched flat with
    # common random numbers (every candidate on the same sampled cards and the same rollout
    # choices), the same budget won 16.5 of the first 24 of those games (69%) against 9.
    # Final figures of this profile (seats rotated, one process per half of the seeds):
    # against three easy bots 68.5/100 (seeds 4000+; the tree 35/100); 2 players, hard vs
    # easy 168.5/200 (84%, seeds 1000+; the tree 130.5/200) and hard vs random 200/200.
    # Median hard decision 0.23 s (4 players, p90 0.36 s, max 0.74 s) and 0.14 s (2 players,
    # p90 0.20 s), two loaded cores.
    ai_profile = SearchProfile(
        normal_iterations=16,
        hard_iterations=40,
        rollout_depth=20,
        root_candidates=3,
        greedy_sample=4,
        greedy_noise=0.0,
        place_weight=0.3,
        quiet=quiet,
        quiet_extra=30,
        flat=True,
    )

    # --- lifecycle -------------------------------------------------------------------------
    def setup(self, players: Sequence[str], seed: int, options: Mapping[str, Any]) -> State:
        """Start a game; raises ValueError for a bad player count or option value."""
        parsed: dict[str, Any] = {}
        for spec in INFO.options:
            parsed[spec.key] = spec.parse(options[spec.key]) if spec.key in options else spec.default
        return rules.new_game(players, seed, parsed)

    def to_act(self, state: State) -> list[int]:
        """The one seat to decide (the game never has simultaneous choices)."""
        return rules.to_act(state)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        """Every legal action of ``seat`` (§4.12); a decision with one option is never asked."""
        return rules.legal_actions(state, seat)

    def bot_actions(self, state: State, seat: int) -> list[Action]:
        """The legal actions with long bid lists thinned: the lowest legal bid, +1, +2, the
        block's worth to ``seat`` (:func:`core.intendentes.bots.block_worth`: the dollars it
        adds to the seat's estimated final splendor) and ±2 around it, and the highest."""
        actions = rules.legal_actions(state, seat)
        bids = [a.amount for a in actions if type(a) is Bid]
        if len(bids) <= 6:
            return actions
        lo, hi = bids[0], bids[-1]
        block = state.display[state.slot] if state.slot >= 0 else -1
        worth = block_worth(state, seat, block) if block >= 0 else lo
        wanted = {lo, lo + 1, lo + 2, hi}
        wanted.update(range(worth - BID_SPREAD, worth + BID_SPREAD + 1))
        chosen = sorted(a for a in wanted if lo <= a <= hi)
        others = [a for a in actions if type(a) is not Bid]
        return [act.bid(a) for a in chosen] + others

    def apply_in_place(self, state: State, seat: int, action: Action) -> None:
        """Perform a legal action on ``state`` and every automatic step after it."""
        rules.apply_in_place(state, seat, action)

    def why_illegal(self, state: State, seat: int, action: Action) -> str | None:
        """A player-readable reason, or None when the action is legal."""
        return explain.why_illegal(state, seat, action)

    def is_over(self, state: State) -> bool:
        """True after the final scoring that follows phase 8 of round 8."""
        return state.over

    def snapshot_options(self, state: State) -> dict[str, Any]:
        """The options a state records (the first player is its outcome, not an option)."""
        return {FAMILY.key: state.family, HIDDEN_MONEY.key: state.hidden_money}

    def problems(self, state: State) -> list[str]:
        """The invariants of the state (see :func:`core.intendentes.invariants.problems`)."""
        return invariants.problems(state)

    def num_players(self, state: State) -> int:
        """Number of seats."""
        return state.players

    def clone(self, state: State) -> State:
        """Fast independent copy."""
        return state.clone()

    def is_view(self, state: State) -> bool:
        """True for a seat's or the spectator's view."""
        return state.viewer != FULL

    def is_undo_barrier(self, before: State, after: State) -> bool:
        """True when a card was drawn or revealed, hidden money showed (a payment capped by
        it, a turn order it broke a tie of, the final scoring), or the RNG was used."""
        return (before.reveals != after.reveals or before.rng != after.rng
                or (after.step == S_OVER and before.step != S_OVER))

    # --- scoring ---------------------------------------------------------------------------
    def result(self, state: State) -> Result:
        """Splendor before the final scoring, each §11 bonus, and the total; ties share."""
        return scoring.result(state)

    def scores(self, state: State) -> list[int]:
        """Splendor (the score all game long)."""
        return list(state.splendor)

    def standings(self, state: State) -> Standings:
        """Splendor so far; with the §11 bonuses as if the game ended now."""
        return scoring.standings(state)

    def evaluate(self, state: State, seat: int) -> float:
        """Estimated final splendor margin over the best opponent (greedy bots)."""
        return scoring.evaluate(state, seat)

    # --- information -----------------------------------------------------------------------
    def view(self, state: State, seat: int | None) -> State:
        """What ``seat`` may see (§4.12); ``None`` is a spectator.

        Hidden: other hands (sizes public) and another mayor's drawn cards, the plan deck,
        the block deck's order (shown sorted), the unrevealed events, the RNG, and with the
        hidden-money option other mayors' money (unless it is $0, which the legality of
        Permit Fees and Tax Audit tells anyway).
        """
        v = state.clone()
        v.rng = None
        v.cache = None
        v.viewer = SPECTATOR if seat is None else seat
        v.plan_deck = [HIDDEN] * len(state.plan_deck)
        for other in range(state.players):
            if other != seat:
                v.hand[other] = [HIDDEN] * len(state.hand[other])
                if state.hidden_money and state.money[other] > 0:
                    v.money[other] = HIDDEN  # $0 shows: Permit Fees' and Tax Audit's legality tell it
        if state.drawn and state.actor != seat:
            v.drawn = [HIDDEN] * len(state.drawn)
        v.block_deck = sorted(state.block_deck)
        v.event_deck = [HIDDEN] * len(state.event_deck)
        return v

    def determinize(self, view: State, seat: int, rng: Rng) -> State:
        """A whole game consistent with ``view``: the unseen plans (deck, other hands, a
        draw) dealt at random, the block deck shuffled, the unrevealed events drawn from the
        game's pool, hidden money guessed (the viewer's own, at least $1), and a fresh RNG."""
        s = view.clone()
        s.cache = None
        s.viewer = FULL
        visible = Counter(p for p in s.plan_discard)
        for row in s.hand:
            visible.update(p for p in row if p != HIDDEN)
        visible.update(p for p in s.drawn if p != HIDDEN)
        unseen = list((Counter(PLAN_DECK) - visible).elements())
        rng.shuffle(unseen)
        for other in range(s.players):
            row = s.hand[other]
            if HIDDEN in row:
                s.hand[other] = sorted(unseen.pop() for _ in row)
        if HIDDEN in s.drawn:
            s.drawn = [unseen.pop() for _ in s.drawn]
        s.plan_deck = [unseen.pop() for _ in s.plan_deck]
        rng.shuffle(s.block_deck)
        pool = FAMILY_EVENT_INDICES if s.family else tuple(range(len(EVENTS)))
        rest = [e for e in pool if e not in s.events_seen]
        rng.shuffle(rest)
        s.event_deck = rest[: len(s.event_deck)]
        guess = view.money[seat] if 0 <= seat < s.players and view.money[seat] >= 0 else START_MONEY
        s.money = [max(1, guess) if m == HIDDEN else m for m in s.money]
        s.rng = rng.spawn()
        return s

    # --- text ------------------------------------------------------------------------------
    def describe(self, action: Action, state: State | None = None) -> str:
        """Short text for an action (menus, the log)."""
        return text.describe(action, state)

    def narrate(self, action: Action, seat: int, before: State, after: State) -> str:
        """The shared log's words for ``seat``'s action (about that player, never "you")."""
        return text.narrate(action, seat, before, after)

    def prompt(self, state: State, seat: int) -> str:
        """What ``seat`` has to decide now."""
        return text.prompt(state, seat)

    def coach_reason(self, before: State, seat: int, action: Action, after: State) -> str:
        """What the move itself does for ``seat`` ("bids $9 for City (B13): +5 splendor",
        "3 food for $7: saves 2 inhabitants from famine"), from ``before`` alone: never the
        standings' change, for the rules run on after a move that ends a turn or a window
        (income, feeding, the next event), through hidden cards to one sampled future."""
        return reasons.coach_reason(before, seat, action)

    def effects(self, state: State) -> list[str]:
        """What the latest action caused beyond itself (the log), in player words."""
        return text.effects(state)

    def rules_appendix(self) -> str:
        """Every plan, event and block, for the rules help."""
        return text.rules_appendix()

    def progress(self, state: State) -> str:
        """ "Round 3/8 · Security" or "Game over"."""
        return text.progress(state)

    def round_number(self, state: State) -> int:
        """The round (1-8); the last one once the game is over."""
        return state.round

    # --- encoding --------------------------------------------------------------------------
    def encode_state(self, state: State) -> dict[str, PlainData]:
        """Plain-data state (see :func:`core.intendentes.encoding.encode_state`)."""
        return encoding.encode_state(state)

    def decode_state(self, data: Any) -> State:
        """Rebuild and validate a state; raises CorruptData."""
        return encoding.decode_state(data)

    def encode_action(self, action: Action) -> dict[str, PlainData]:
        """Plain-data action ``{"kind": ..., ...}``."""
        return act.encode_action(action)

    def decode_action(self, data: Any) -> Action:
        """Rebuild an action; raises CorruptData."""
        return act.decode_action(data)


__all__ = ["IntendentesGame", "INFO", "FAMILY", "HIDDEN_MONEY", "FIRST_PLAYER", "block_worth"]
