"""``SettlementGame``: the co-operative Settlement (Osada) rules behind the common contract.

Player words come from ``core.settlement.text`` and ``core.settlement.explain``; the
team bots' evaluation and the scripted teams of the spec's Appendix B from
``core.settlement.bots``.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from core.ai.profile import SearchProfile
from core.engine import Game, GameInfo, OptionSpec, PlainData, Result, Standings
from core.rng import Rng
from core.settlement import actions as act
from core.settlement import bots, explain, reasons, rules, scoring, text
from core.settlement import state as st
from core.settlement.actions import Action
from core.settlement.content import DEFAULT_DIFFICULTY, DIFFICULTIES, ROUND_LIMITS
from core.settlement.state import FULL, MAX_PLAYERS, MIN_PLAYERS, SPECTATOR, State

DIFFICULTY = OptionSpec(
    key="difficulty",
    label="Difficulty",
    default=DEFAULT_DIFFICULTY,
    choices=DIFFICULTIES,
    choice_labels=tuple(f"{d.title()} ({ROUND_LIMITS[d]} rounds)" for d in DIFFICULTIES),
    help="How many rounds the settlers have to fill the pyramid: Easy 16, Normal 13, Hard 12.",
)
CHARACTERS = OptionSpec(
    key="characters",
    label="Characters",
    default="draft",
    choices=st.DEALS,
    choice_labels=("Draft", "Dealt at random", "Dealt in order"),
    help=(
        "Draft: players roll for the order and take characters in turn. Random: the nine "
        "cards are shuffled and dealt in that order. In order: Seat A gets the Hunter, "
        "Seat B the Peasant and so on round the table, with no rolls for the order (the "
        "first mayor is still rolled for)."
    ),
)

INFO = GameInfo(
    id="settlement",
    title="Settlement (Osada)",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    blurb=(
        "Nine villagers share one stock: hunt, farm, mine, smelt and trade round the track, "
        "build and invent, and fill the pyramid of contentment before time or food runs out."
    ),
    options=(DIFFICULTY, CHARACTERS),
    hidden_information=False,
)


class SettlementGame(Game[State, Action]):
    """Settlement for 1-9 players, all on one team (see ``seeds/settlement/rules.md``)."""

    info = INFO
    cooperative = True
    ai_profile = bots.PROFILE

    # --- lifecycle -------------------------------------------------------------------------
    def setup(self, players: Sequence[str], seed: int, options: Mapping[str, Any]) -> State:
        """Start a game; raises ValueError for a bad player count or option value."""
        parsed: dict[str, Any] = {}
        for spec in INFO.options:
            parsed[spec.key] = spec.parse(options[spec.key]) if spec.key in options else spec.default
        return rules.new_game(players, seed, parsed)

    def to_act(self, state: State) -> list[int]:
        """The one seat to decide now."""
        return rules.to_act(state)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        """Every legal action of ``seat`` (§14)."""
        return rules.legal_actions(state, seat)

    def bot_actions(self, state: State, seat: int) -> list[Action]:
        """The moves bots weigh (see :func:`core.settlement.bots.bot_actions`)."""
        return bots.bot_actions(state, seat)

    def apply_in_place(self, state: State, seat: int, action: Action) -> None:
        """Perform a legal action and every automatic step after it."""
        rules.apply_in_place(state, seat, action)

    def scripted_bots(self) -> Mapping[str, Callable[[int], Any]]:
        """The spec's scripted teams (Appendix B): ``reference`` and ``careless``."""
        return dict(bots.TEAMS)

    def why_illegal(self, state: State, seat: int, action: Action) -> str | None:
        """A player-readable reason, or None when the action is legal."""
        return explain.why_illegal(state, seat, action)

    def is_over(self, state: State) -> bool:
        """True once the town is won or lost."""
        return state.step == "over"

    def snapshot_options(self, state: State) -> dict[str, Any]:
        """The options a state records."""
        return {DIFFICULTY.key: state.difficulty, CHARACTERS.key: state.deal}

    def problems(self, state: State) -> list[str]:
        """The invariants of the state (see :func:`core.settlement.state.problems`)."""
        return st.problems(state)

    def num_players(self, state: State) -> int:
        """Number of seats."""
        return state.players

    def clone(self, state: State) -> State:
        """Fast independent copy."""
        return state.clone()

    def is_view(self, state: State) -> bool:
        """True for a seat's or the spectator's view."""
        return state.viewer != FULL

    # --- scoring ---------------------------------------------------------------------------
    def result(self, state: State) -> Result:
        """The team's shared result (§13.3)."""
        return scoring.result(state)

    def scores(self, state: State) -> list[int]:
        """The team score if the game ended now, the same for every seat."""
        return [scoring.team_score(state)] * state.players

    def standings(self, state: State) -> Standings:
        """Tokens, smiles, buildings, inventions and the team score, for every seat."""
        return scoring.standings(state)

    def evaluate(self, state: State, seat: int) -> float:
        """The team's prospects in [0, 1] (1: won), the same for every seat."""
        return bots.evaluate(state)

    # --- information -----------------------------------------------------------------------
    def view(self, state: State, seat: int | None) -> State:
        """Everything but the fate pile's order (shown sorted) and the RNG (§14)."""
        v = state.clone()
        v.rng = None
        v.viewer = SPECTATOR if seat is None else seat
        v.fate_pile = sorted(state.fate_pile)
        return v

    def determinize(self, view: State, seat: int, rng: Rng) -> State:
        """The unseen fate pile shuffled and a fresh RNG, so no bot foresees the dice."""
        s = view.clone()
        s.viewer = FULL
        rng.shuffle(s.fate_pile)
        s.rng = rng.spawn()
        return s

    def is_undo_barrier(self, before: State, after: State) -> bool:
        """True when the step turned up a fate card (the pile's order is hidden, so a draw
        is a reveal) or used the RNG (dice, the fate pile reshuffled)."""
        return len(before.fate_pile) != len(after.fate_pile) or before.rng != after.rng

    # --- text ------------------------------------------------------------------------------
    def describe(self, action: Action, state: State | None = None) -> str:
        """Short text for a move (menus, the log)."""
        return text.describe(action, state)

    def coach_reason(self, before: State, seat: int, action: Action, after: State) -> str:
        """What the move does for the team ("makes 1 stone: the mayor can buy the
        Warehouse", "builds the Warehouse: no storage cap, opens rectangle 2"), from
        ``before`` alone: never a roll, nor the standings after the dice that follow."""
        return reasons.coach_reason(before, seat, action)

    def narrate(self, action: Action, seat: int, before: State, after: State) -> str:
        """The shared log's words for ``seat``'s move."""
        return text.narrate(action, seat, before, after)

    def prompt(self, state: State, seat: int) -> str:
        """What ``seat`` has to decide now."""
        return text.prompt(state, seat)

    def effects(self, state: State) -> list[str]:
        """Dice, fate, losses and satisfaction that followed the latest move."""
        return text.effects(state)

    def rules_appendix(self) -> str:
        """Every building, invention and fate card, for the rules help."""
        return text.rules_appendix()

    def progress(self, state: State) -> str:
        """ "Round 7/13 · Merchant" or the outcome."""
        return text.progress(state)

    def round_number(self, state: State) -> int:
        """The round (picking the characters is part of round 1); the round the game ended
        in once it is over."""
        return state.round

    # --- encoding --------------------------------------------------------------------------
    def encode_state(self, state: State) -> dict[str, PlainData]:
        """Plain-data state (see :func:`core.settlement.state.encode_state`)."""
        return st.encode_state(state)

    def decode_state(self, data: Any) -> State:
        """Rebuild and validate a state; raises CorruptData."""
        return st.decode_state(data)

    def encode_action(self, action: Action) -> dict[str, PlainData]:
        """Plain-data action ``{"kind": ..., ...}``."""
        return act.encode_action(action)

    def decode_action(self, data: Any) -> Action:
        """Rebuild an action; raises CorruptData."""
        return act.decode_action(data)


__all__ = ["SettlementGame", "INFO", "DIFFICULTY", "CHARACTERS", "SearchProfile"]
