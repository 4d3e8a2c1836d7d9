"""``CouncilGame``: the Council of Four rules behind the common game contract."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from core.ai.profile import SearchProfile
from core.council import actions as act
from core.council import reasons, rules, scoring
from core.council import state as st
from core.council.actions import Action
from core.council.board import DEFAULT_LAYOUT, LAYOUT_KEYS
from core.council.content import C, CARD_TOTALS, REGION_PERMITS
from core.council.explain import why_illegal
from core.council.state import State
from core.council.text import describe, effects, progress, prompt, tie_notes
from core.engine import (
    Game,
    GameInfo,
    OptionSpec,
    PlainData,
    Result,
    Standings,
    first_player_option,
    rank_by,
)
from core.rng import Rng

LAYOUT = OptionSpec(
    key="layout",
    label="Map layout",
    default=DEFAULT_LAYOUT,
    choices=LAYOUT_KEYS,
    help=(
        "Sides of the coast/hills/mountains boards, each 1 or 2. 1/1/1 is the map of the "
        "rulebook's setup picture; the hills side decides the royal city (1: Juvelar, 2: Graden)."
    ),
)
FIRST_PLAYER = first_player_option(
    "First player",
    "Who plays first: drawn at random, or the seat you pick.",
    C.max_players,
)

INFO = GameInfo(
    id="council",
    title="Council of Four",
    min_players=C.min_players,
    max_players=C.max_players,
    blurb=(
        "Sway the four councils with politics cards, win building permits and spread your "
        "merchants along the roads of a kingdom, cashing in every city your network links."
    ),
    options=(LAYOUT, FIRST_PLAYER),
    hidden_information=True,
)


class CouncilGame(Game[State, Action]):
    """Council of Four for 2-4 players (see ``seeds/council/rules.md``)."""

    info = INFO
    # A turn is several small steps and most moves are small gains, so rollouts that score
    # only a sample of the moves play too loosely to tell greedy's best moves apart. With
    # the default profile hard beat easy in 23 of 40 games; playing out 24 decisions
    # (several turns of each player) with every legal move scored, on fewer iterations,
    # it wins 164 of 200 (2 players, seeds 1-200; median decision ~0.4 s, 0.6 s at 4 players).
    ai_profile = SearchProfile(
        normal_iterations=16, hard_iterations=48, rollout_depth=24, root_candidates=4, greedy_sample=None,
        coach_batches=(8, 14),
    )

    # --- lifecycle -------------------------------------------------------------------------
    def setup(self, players: Sequence[str], seed: int, options: Mapping[str, Any]) -> State:
        """Start a game; raises ValueError for a bad player count or option value."""
        layout = LAYOUT.parse(options.get("layout", LAYOUT.default))
        first = FIRST_PLAYER.parse(options.get("first_player", FIRST_PLAYER.default))
        return rules.new_game(players, seed, str(layout), first)

    def to_act(self, state: State) -> list[int]:
        """The current player, or nobody once the game is over."""
        return rules.to_act(state)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        """Every legal action of ``seat`` (see :func:`core.council.rules.legal_actions`)."""
        return rules.legal_actions(state, seat)

    def apply_in_place(self, state: State, seat: int, action: Action) -> None:
        """Perform a legal action on ``state`` (and any forced moves after it)."""
        rules.apply_in_place(state, seat, action)

    def why_illegal(self, state: State, seat: int, action: Action) -> str | None:
        """A specific, player-readable reason, or None when the action is legal."""
        return why_illegal(state, seat, action)

    def is_over(self, state: State) -> bool:
        """True once the last of the final turns has ended."""
        return state.over

    def snapshot_options(self, state: State) -> dict[str, Any]:
        """The options a state records: the map layout (the first player is drawn or picked)."""
        return {LAYOUT.key: state.layout.key}

    def problems(self, state: State) -> list[str]:
        """The invariants of council's state (see ``core.council.state.problems``)."""
        return st.problems(state)

    def num_players(self, state: State) -> int:
        """Number of seats."""
        return state.players

    def clone(self, state: State) -> State:
        """Fast independent copy."""
        return state.clone()

    def is_undo_barrier(self, before: State, after: State) -> bool:
        """True if the step drew a card, reshuffled, turned up a permit or used the RNG."""
        return before.reveals != after.reveals or before.rng != after.rng

    # --- scoring ---------------------------------------------------------------------------
    def result(self, state: State) -> Result:
        """Final breakdown (track, reward tiles, nobility, most permits, tie-break, total)."""
        rows = scoring.breakdown(state)
        totals = tuple(row[-1] for row in rows)
        ties = tuple(row[-2] for row in rows)
        keys = [(totals[s], ties[s]) for s in range(state.players)]
        return Result(
            categories=scoring.CATEGORIES,
            breakdown=tuple(rows),
            totals=totals,
            ranks=rank_by(keys),
            notes=tuple(tie_notes(state, totals, ties)),
        )

    def scores(self, state: State) -> list[int]:
        """Each seat's total if the game ended now (end-game awards included)."""
        return scoring.totals(state)

    def standings(self, state: State) -> Standings:
        """The victory track and reward tiles so far; with the end-game awards (nobility,
        most permits) if the game ended now."""
        if_ended = tuple(scoring.breakdown(state))
        if self.is_over(state):
            return Standings(scoring.CATEGORIES, if_ended, if_ended)
        so_far = tuple(
            (track, tiles, 0, 0, tie, track + tiles) for track, tiles, _, _, tie, _ in if_ended
        )
        return Standings(scoring.CATEGORIES, if_ended, so_far)

    def evaluate(self, state: State, seat: int) -> float:
        """Heuristic value for greedy bots (see :func:`core.council.scoring.evaluate`)."""
        return scoring.evaluate(state, seat)

    # --- information -----------------------------------------------------------------------
    def view(self, state: State, seat: int | None) -> State:
        """A copy without the RNG, deck order, permit deck order or other players' hands."""
        copy = state.clone()
        copy.rng = None
        if copy.deck is not None:
            copy.hidden_deck = len(copy.deck)
            copy.deck = None
        for r in range(3):
            deck = copy.permit_decks[r]
            if deck is not None:
                copy.hidden_permits[r] = len(deck)
                copy.permit_decks[r] = None
        for s in range(copy.players):
            if s != seat:
                copy.hands[s] = None
        return copy

    def determinize(self, view: State, seat: int, rng: Rng) -> State:
        """A full state consistent with ``view``: unseen cards and permit orders re-dealt.

        The politics cards nobody sees (all 90 minus the discard pile and every visible
        hand) are shuffled and dealt to the hidden hands, keeping their sizes, and the rest
        form the deck. Each permit deck is the region's tiles that are neither face up nor
        owned, shuffled. The state gets a fresh RNG spawned from ``rng``.
        """
        state = self.view(view, seat)
        unknown = []
        for c in range(7):
            known = state.discard[c] + sum(h[c] for h in state.hands if h is not None)
            unknown.extend([c] * (CARD_TOTALS[c] - known))
        hidden = [s for s in range(state.players) if state.hands[s] is None]
        if len(unknown) != state.hidden_deck + sum(state.hand_count[s] for s in hidden):
            raise ValueError("the view's card counts are inconsistent")
        rng.shuffle(unknown)
        for s in hidden:
            hand = [0] * 7
            for _ in range(state.hand_count[s]):
                hand[unknown.pop()] += 1
            state.hands[s] = hand
        state.deck = unknown
        state.hidden_deck = 0
        placed = set(rules.face_up_permits(state))
        for s in range(state.players):
            placed.update(state.unused[s])
            placed.update(state.used[s])
        for r in range(3):
            deck = [p for p in REGION_PERMITS[r] if p not in placed]
            if len(deck) != state.hidden_permits[r]:
                raise ValueError("the view's permit counts are inconsistent")
            rng.shuffle(deck)
            state.permit_decks[r] = deck
            state.hidden_permits[r] = 0
        state.rng = rng.spawn()
        return state

    # --- text ------------------------------------------------------------------------------
    def describe(self, action: Action, state: State | None = None) -> str:
        """Short text for menus and the log; ``state`` adds costs and names where known."""
        return describe(action, state)

    def effects(self, state: State) -> list[str]:
        """Draws, turned-up permits, tokens, rewards and forced moves of the last action."""
        return effects(state)

    def coach_reason(self, before: State, seat: int, action: Action, after: State) -> str:
        """What the move brings ``seat`` ("builds in Arkon: 3 VP + 1 coin", "+4 coins; the
        coast council costs you 4 (was 7)"), worked out from ``before`` alone (``after``
        holds sampled draws); else the standings' change."""
        return reasons.coach_reason(before, seat, action) or super().coach_reason(before, seat, action, after)

    def prompt(self, state: State, seat: int) -> str:
        """What ``seat`` must decide now."""
        return prompt(state, seat)

    def progress(self, state: State) -> str:
        """ "Turn 12" (or "Turn 40, last turns" once the end is triggered), "Game over" at the end."""
        return progress(state)

    def round_number(self, state: State) -> int:
        """Council of Four has turns, not rounds: a round is every player having taken one
        turn (turn 1 to n is round 1). Once the game is over the turn count has gone one
        past the last turn, which keeps its round."""
        turns_begun = state.turn_number - 1 if state.over else state.turn_number
        return (turns_begun - 1) // state.players + 1

    def turn_holder(self, state: State) -> int | None:
        """The current player, None when the game is over."""
        return None if state.over else state.current

    # --- encoding --------------------------------------------------------------------------
    def encode_state(self, state: State) -> dict[str, PlainData]:
        """Plain-data state (see :func:`core.council.state.encode_state`)."""
        return st.encode_state(state)

    def decode_state(self, data: Any) -> State:
        """Rebuild and validate a state; raises CorruptData."""
        return st.decode_state(data)

    def encode_action(self, action: Action) -> dict[str, PlainData]:
        """Plain-data action."""
        return act.encode_action(action)

    def decode_action(self, data: Any) -> Action:
        """Rebuild an action; raises CorruptData."""
        return act.decode_action(data)
