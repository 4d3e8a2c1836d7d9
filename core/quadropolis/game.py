"""``QuadropolisGame``: the Classic-mode rules behind the common game contract."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

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
from core.quadropolis import actions as act
from core.quadropolis import reasons, rules, scoring, state as st
from core.quadropolis.actions import Action
from core.quadropolis.content import RULES, TILE_EN, TILE_INH, TILE_KIND, TILES, TOWER
from core.quadropolis.explain import why_illegal
from core.quadropolis.scoring import CATEGORIES, Allocation
from core.quadropolis.state import State
from core.quadropolis.state import problems as state_problems
from core.quadropolis.text import describe, progress, prompt, tie_notes
from core.rng import Rng

FIRST_PLAYER = first_player_option(
    "First player",
    "Who starts with the Mayor: drawn at random, or the seat you pick.",
    RULES.max_players,
)
ADJACENCY = OptionSpec(
    key="adjacency_needs_activation",
    label="Neighbours must be activated",
    default=False,
    help=(
        "Off (default): Parks and Factories count neighbouring buildings whether or not those "
        "are activated. On: only activated neighbours count."
    ),
)

INFO = GameInfo(
    id="quadropolis",
    title="Quadropolis",
    min_players=RULES.min_players,
    max_players=RULES.max_players,
    blurb=(
        "Send numbered architects to a shared building site, then fit towers, shops, harbors "
        "and parks into your own 4x4 city so that they power each other."
    ),
    options=(FIRST_PLAYER, ADJACENCY),
    hidden_information=False,
)

# Soft resources credited to a player for each remaining placement when bots evaluate a
# position: roughly what an average tile gives (60 Inhabitants and 43 Energy per 100 tiles),
# discounted because not every pick brings resources the city can use. The values were
# picked by greedy-vs-greedy self-play (2 players, 40 seeded games per setting).
_FUTURE_INH = 0.2
_FUTURE_EN = 0.15


class QuadropolisGame(Game[State, Action]):
    """Quadropolis, Classic mode, for 2-4 players (see ``seeds/quadropolis/rules.md``)."""

    info = INFO

    # --- lifecycle -------------------------------------------------------------------------
    def setup(self, players: Sequence[str], seed: int, options: Mapping[str, Any]) -> State:
        """Start a game; raises ValueError for a bad player count or option value."""
        first = FIRST_PLAYER.parse(options.get("first_player", FIRST_PLAYER.default))
        adjacency = ADJACENCY.parse(options.get("adjacency_needs_activation", ADJACENCY.default))
        return rules.new_game(players, seed, first, bool(adjacency))

    def to_act(self, state: State) -> list[int]:
        """The current player (one seat), or nobody once the game is over."""
        return rules.to_act(state)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        """Placements (Architect x slot) or, with a tile in hand, builds plus Discard."""
        return rules.legal_actions(state, seat)

    def apply_in_place(self, state: State, seat: int, action: Action) -> None:
        """Perform a legal action on ``state``."""
        rules.apply_in_place(state, seat, action)

    def why_illegal(self, state: State, seat: int, action: Action) -> str | None:
        """A specific, player-readable reason, or None when the action is legal."""
        return why_illegal(state, seat, action)

    def is_over(self, state: State) -> bool:
        """True after the fourth round."""
        return state.phase == "over"

    def snapshot_options(self, state: State) -> dict[str, Any]:
        """The options a state records: the adjacency rule (the first player is drawn or picked)."""
        return {ADJACENCY.key: state.adjacency_needs_activation}

    def problems(self, state: State) -> list[str]:
        """The invariants of quadropolis's state (see ``core.quadropolis.state.problems``)."""
        return state_problems(state)

    def num_players(self, state: State) -> int:
        """Number of seats."""
        return state.players

    def clone(self, state: State) -> State:
        """Fast independent copy."""
        return state.clone()

    # --- scoring ---------------------------------------------------------------------------
    def allocation(self, state: State, seat: int) -> Allocation:
        """The optimal end-of-game allocation of ``seat``'s resources, as shown to players."""
        return scoring.allocate(
            state.codes[seat],
            state.inhabitants[seat],
            state.energy[seat],
            state.adjacency_needs_activation,
        )

    def result(self, state: State) -> Result:
        """Final breakdown (a line per scoring category and penalty), ranks and tie-break notes."""
        allocations = [self.allocation(state, seat) for seat in range(state.players)]
        totals = tuple(a.total for a in allocations)
        empty = [sum(1 for code in state.codes[seat] if code == 0) for seat in range(state.players)]
        keys = [(totals[s], state.inhabitants[s], -empty[s]) for s in range(state.players)]
        return Result(
            categories=CATEGORIES,
            breakdown=tuple(a.breakdown for a in allocations),
            totals=totals,
            ranks=rank_by(keys),
            notes=tuple(tie_notes(state, totals, empty)),
        )

    def scores(self, state: State) -> list[int]:
        """Each seat's score if the game ended now (best allocation of the city so far)."""
        adj = state.adjacency_needs_activation
        return [
            scoring.best_score(state.codes[s], state.inhabitants[s], state.energy[s], adj)
            for s in range(state.players)
        ]

    def standings(self, state: State) -> Standings:
        """Each city scored as if the game ended now (best allocation); nothing is scored
        before the end."""
        breakdown = tuple(self.allocation(state, seat).breakdown for seat in range(state.players))
        return Standings(CATEGORIES, breakdown)

    def evaluate(self, state: State, seat: int) -> float:
        """Expected final score of ``seat``'s city minus the best opponent's (greedy bots).

        Each city is valued at its optimal allocation, crediting a little future Inhabitants
        and Energy per remaining placement and scaling the penalty for unused resources with
        the game's progress. A player holding a tile is valued at its best build (or discard).
        """
        if state.phase == "over":
            totals = self.scores(state)
            others = [t for s, t in enumerate(totals) if s != seat]
            return float(totals[seat] - max(others))
        total_picks = RULES.rounds * RULES.architects
        progress = sum(state.placements) / (total_picks * state.players)
        values = [self._city_value(state, s, total_picks, progress) for s in range(state.players)]
        rivals = [v for s, v in enumerate(values) if s != seat]
        return values[seat] - max(rivals)

    def _city_value(self, state: State, seat: int, total_picks: int, progress: float) -> float:
        remaining = total_picks - state.placements[seat]
        inh = state.inhabitants[seat] + int(remaining * _FUTURE_INH)
        en = state.energy[seat] + int(remaining * _FUTURE_EN)
        adj = state.adjacency_needs_activation
        codes = state.codes[seat]
        weight = round(progress, 2)  # coarse weight keeps the estimate cache small
        best = scoring.estimate(codes, inh, en, adj, weight)
        if state.phase == "build" and seat == rules.to_act(state)[0]:
            tile = state.pending
            tower = TILE_KIND[tile] == TOWER
            gain_i, gain_e = TILE_INH[tile], TILE_EN[tile]
            fresh = 1 + TILE_KIND[tile] + 8 * (1 if tower else TILES[tile].vp)
            for sq in rules.build_squares(codes, tower, state.pending_architect):
                new = list(codes)
                new[sq] = new[sq] + 8 if new[sq] else fresh
                value = scoring.estimate(new, inh + gain_i, en + gain_e, adj, weight)
                if value > best:
                    best = value
        return best

    # --- information -----------------------------------------------------------------------
    def view(self, state: State, seat: int | None) -> State:
        """A copy without the RNG (future layouts are unknown; nothing else is secret)."""
        copy = state.clone()
        copy.rng = None
        return copy

    def determinize(self, view: State, seat: int, rng: Rng) -> State:
        """A full state: the view with a fresh RNG spawned from ``rng`` for future layouts."""
        copy = view.clone()
        copy.rng = rng.spawn()
        return copy

    # --- text ------------------------------------------------------------------------------
    def describe(self, action: Action, state: State | None = None) -> str:
        """Short text: "Architect 3 → W2 (takes Shop)", "Build at row 2, col 3", ..."""
        return describe(action, state)

    def coach_reason(self, before: State, seat: int, action: Action, after: State) -> str:
        """What the move does for ``seat``'s city ("+4 points in your city (Harbors +3, Shops
        +1)", "takes the Harbor: +3 points at row 2, col 3"), from ``before``; else the
        standings' change."""
        return reasons.coach_reason(before, seat, action) or super().coach_reason(before, seat, action, after)

    def prompt(self, state: State, seat: int) -> str:
        """What ``seat`` must decide now."""
        return prompt(state, seat)

    def progress(self, state: State) -> str:
        """ "Round 2/4, turn 3/4" or "Game over"."""
        return progress(state)

    def round_number(self, state: State) -> int:
        """The round of the board (1-4); the last one once the game is over."""
        return state.round

    def turn_holder(self, state: State) -> int | None:
        """The current player, None when the game is over."""
        seats = rules.to_act(state)
        return seats[0] if seats else None

    # --- encoding --------------------------------------------------------------------------
    def encode_state(self, state: State) -> dict[str, PlainData]:
        """Plain-data state (see :func:`core.quadropolis.state.encode_state`)."""
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
