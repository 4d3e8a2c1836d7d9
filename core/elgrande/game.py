"""``ElGrandeGame``: the El Grande rules behind the common game contract."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from core.elgrande import actions as act
from core.elgrande import encoding, reasons, rules, scoring
from core.elgrande.actions import Action
from core.elgrande.content import BOARD, CARDS, SETUP
from core.elgrande.explain import why_illegal
from core.elgrande.invariants import problems as state_problems
from core.elgrande.state import (
    CATEGORIES,
    DISK,
    FULL,
    HIDDEN_DISK,
    OVER,
    SPECTATOR,
    State,
    playable_rounds,
)
from core.elgrande.text import describe, event_texts, narration, progress, prompt, scoring_report
from core.engine import (
    Game,
    GameInfo,
    OptionSpec,
    PlainData,
    Result,
    Scoring,
    Standings,
    first_player_option,
    rank_by,
)
from core.rng import Rng

VETO_WINDOWS = OptionSpec(
    key="veto_windows",
    label="Veto windows",
    default="every_step",
    choices=("every_step", "start_only"),
    choice_labels=("Before every step", "Only at the start"),
    help=(
        "Before every step (default): Veto holders may stop a special action before each of "
        "its steps, so part of an action can be stopped. Only at the start: before its first "
        "step only."
    ),
)
USE_VETO = OptionSpec(
    key="use_veto",
    label="Use the Veto cards",
    default=True,
    help="Off: the two Veto cards are taken only for their caballeros; nobody can veto.",
)
CASTILLO_VISIBLE = OptionSpec(
    key="castillo_visible",
    label="Show Castillo totals",
    default=True,
    help=(
        "On (default): everyone sees how many caballeros each player has in the Castillo. "
        "Off: only the announced insertions are listed; keep count yourself."
    ),
)
SHORT_GAME = OptionSpec(
    key="short_game",
    label="Short game (6 rounds)",
    default=False,
    help="Skip rounds 1, 4 and 7; the scorings still follow rounds 3, 6 and 9.",
)
PRINTED_CLASSES = OptionSpec(
    key="score_class_uses_printed",
    label="Region classes use printed values",
    default=False,
    help=(
        "Off (default): the '4-/5-/6-7-regions' scorings go by a region's current first value, "
        "so a mobile scoreboard changes its class. On: by the printed values."
    ),
)
FIRST_PLAYER = first_player_option(
    "First bidder",
    "Who plays the first power card in round 1: drawn at random, or the seat you pick.",
    SETUP.max_players,
)

INFO = GameInfo(
    id="elgrande",
    title="El Grande",
    min_players=SETUP.min_players,
    max_players=SETUP.max_players,
    blurb=(
        "Bid power cards for turn order, then send caballeros across medieval Spain around the "
        "King to win majorities in its regions and the secret Castillo."
    ),
    options=(VETO_WINDOWS, USE_VETO, CASTILLO_VISIBLE, SHORT_GAME, PRINTED_CLASSES, FIRST_PLAYER),
    hidden_information=True,
)

# Value of a caballero waiting in the court / provinces when bots compare positions.
_COURT_VALUE = 0.45
_PROVINCE_VALUE = 0.1


class ElGrandeGame(Game[State, Action]):
    """El Grande, classic base game, for 2-5 players (see ``seeds/elgrande/rules.md``)."""

    info = INFO

    # --- lifecycle -------------------------------------------------------------------------
    def setup(self, players: Sequence[str], seed: int, options: Mapping[str, Any]) -> State:
        """Start a game; raises ValueError for a bad player count or option value."""
        parsed: dict[str, Any] = {}
        for spec in INFO.options:
            parsed[spec.key] = spec.parse(options[spec.key]) if spec.key in options else spec.default
        return rules.new_game(players, seed, parsed)

    def to_act(self, state: State) -> list[int]:
        """The deciding seat, a Veto holder being asked, or every seat of a disk group yet to choose."""
        return rules.to_act(state)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        """Every legal action of ``seat`` now (never a single forced one: those are automatic)."""
        return rules.legal_actions(state, seat)

    def apply_in_place(self, state: State, seat: int, action: Action) -> None:
        """Perform a legal action and every automatic step after it."""
        rules.apply_in_place(state, seat, action)

    def why_illegal(self, state: State, seat: int, action: Action) -> str | None:
        """A specific, player-readable reason, or None when the action is legal."""
        return why_illegal(state, seat, action)

    def is_over(self, state: State) -> bool:
        """True after the general scoring that ends round 9."""
        return state.phase == OVER

    def snapshot_options(self, state: State) -> dict[str, Any]:
        """Every option but the first bidder, which a state records only as its outcome."""
        return {
            VETO_WINDOWS.key: state.veto_windows,
            USE_VETO.key: state.use_veto,
            CASTILLO_VISIBLE.key: state.castillo_visible,
            SHORT_GAME.key: state.short_game,
            PRINTED_CLASSES.key: state.printed_classes,
        }

    def problems(self, state: State) -> list[str]:
        """The invariants of elgrande's state (see ``core.elgrande.invariants.problems``)."""
        return state_problems(state)

    def num_players(self, state: State) -> int:
        """Number of seats."""
        return state.players

    def clone(self, state: State) -> State:
        """Fast independent copy."""
        return state.clone()

    def turn_holder(self, state: State) -> int | None:
        """The player whose turn it is (also while others answer a Veto or return caballeros)."""
        if state.phase == OVER:
            return None
        if state.cur >= 0:
            return state.cur
        seats = rules.to_act(state)
        return seats[0] if seats else None

    def is_undo_barrier(self, before: State, after: State) -> bool:
        """True when randomness was drawn or secrets were revealed (cards, disks, Castillo)."""
        return before.rng != after.rng or before.reveals != after.reveals

    # --- scoring ---------------------------------------------------------------------------
    def result(self, state: State) -> Result:
        """Final breakdown (general-scoring categories and special scorings); ties share a rank."""
        n = state.players
        breakdown = tuple(tuple(state.points[s]) + (state.score[s],) for s in range(n))
        totals = tuple(state.score)
        ranks = rank_by([(t,) for t in totals])
        notes = []
        for total in sorted(set(totals), reverse=True):
            group = [s for s in range(n) if totals[s] == total]
            if len(group) > 1:
                notes.append(
                    f"{' and '.join(state.names[s] for s in group)} tie on {total} points and share "
                    "their place (El Grande has no tie-breaker)."
                )
        return Result(
            categories=CATEGORIES + ("Total",),
            breakdown=breakdown,
            totals=totals,
            ranks=ranks,
            notes=tuple(notes),
        )

    def scores(self, state: State) -> list[int]:
        """Points on the score track."""
        return list(state.score)

    def rules_appendix(self) -> str:
        """Every action card, stack by stack, with its whole text (the board can show only
        the start of it at 80x24)."""
        lines = ["## Every action card", ""]
        for stack in sorted({card.stack for card in CARDS}):
            lines += [f"### Stack {stack}", ""]
            lines += [f"- **{card.name}**: {card.text}" for card in CARDS if card.stack == stack]
            lines.append("")
        return "\n".join(lines)

    def scoring(self, state: State) -> Scoring | None:
        """A general or special scoring the latest action set off, region by region."""
        return scoring_report(state)

    def standings(self, state: State) -> Standings:
        """Points so far by category, and with a general scoring held now (the game's last
        one; on a view with a hidden Castillo, without the Castillo)."""
        so_far = tuple(tuple(state.points[s]) + (state.score[s],) for s in range(state.players))
        if state.phase == OVER:
            return Standings(CATEGORIES + ("Total",), so_far, so_far, unit="points")
        now = scoring.scoring_now(state)
        if_ended = tuple(
            tuple(a + b for a, b in zip(state.points[s], now[s])) + (state.score[s] + sum(now[s]),)
            for s in range(state.players)
        )
        return Standings(CATEGORIES + ("Total",), if_ended, so_far, unit="points")

    def evaluate(self, state: State, seat: int) -> float:
        """Score plus what every region and the Castillo would give if scored now, minus the
        best opponent's same estimate (greedy bots).

        Regions are weighted by how soon the next general scoring comes (they matter more near
        it); caballeros waiting in court and provinces count a little as future influence.
        """
        n = state.players
        if state.phase == OVER:
            return float(state.score[seat] - max(state.score[s] for s in range(n) if s != seat))
        later = [r for r in SETUP.general_scoring_after if r >= state.round]
        gap = (later[0] - state.round) if later else 0
        weight = 1.0 - 0.15 * gap
        regions = scoring.regions_value(state)
        castillo = state.castillo
        if state.castillo_masked:
            castillo = [state.castillo_insertions(s) for s in range(n)]
        castle = scoring.placing(castillo, BOARD.castillo_values)[0]
        values = [
            state.score[s]
            + weight * (regions[s] + castle[s])
            + _COURT_VALUE * state.court[s]
            + _PROVINCE_VALUE * state.provinces[s]
            for s in range(n)
        ]
        others = [values[s] for s in range(n) if s != seat]
        return values[seat] - max(others)

    # --- information -----------------------------------------------------------------------
    def view(self, state: State, seat: int | None) -> State:
        """What ``seat`` may see (the hidden-information rules); ``None`` is a spectator.

        Hidden: the order of the face-down stacks (shown sorted), other seats' hidden
        take-backs (their hands show only the sure values), other seats' committed disks
        (shown as ``HIDDEN_DISK``), the RNG, and — with ``castillo_visible`` off — the
        Castillo totals (zeros, ``castillo_masked`` set; the insertion log stays).
        """
        v = state.clone()
        v.rng = None
        v.cache = None
        v.cache_seat = -1
        v.viewer = SPECTATOR if seat is None else seat
        v.stacks = [sorted(row) for row in state.stacks]
        for other in range(state.players):
            if other == seat:
                continue
            v.hand[other] = state.hand[other] & ~state.cands[other]
            if state.phase == DISK and state.disks[other] >= 0:
                v.disks[other] = HIDDEN_DISK
        if not state.castillo_visible and not state.castillo_masked:
            v.castillo = [0] * state.players
            v.castillo_masked = True
        return v

    def determinize(self, view: State, seat: int, rng: Rng) -> State:
        """A full state consistent with ``view``: stacks shuffled, hidden take-backs and disks
        sampled, Castillo totals rebuilt from the insertion log, and a fresh spawned RNG."""
        s = view.clone()
        s.cache = None
        s.cache_seat = -1
        for row in s.stacks:
            rng.shuffle(row)
        for other in range(s.players):
            if other == seat or not s.backs_hidden[other]:
                continue
            known = s.hand[other]
            pool = [v for v in range(1, 14) if s.cands[other] >> v & 1 and not known >> v & 1]
            rng.shuffle(pool)
            for v in pool[: s.backs_hidden[other]]:
                known |= 1 << v
            s.hand[other] = known
        if s.castillo_masked:
            s.castillo = [s.castillo_insertions(p) for p in range(s.players)]
            s.castillo_masked = False
        if s.phase == DISK:
            for other in s.disk_group:
                if s.disks[other] == HIDDEN_DISK:
                    s.disks[other] = rng.choice(rules.disk_options(s, other))
        s.viewer = FULL
        s.rng = rng.spawn()
        return s

    # --- text ------------------------------------------------------------------------------
    def describe(self, action: Action, state: State | None = None) -> str:
        """Short text; a disk's region or a hidden take-back shows only in the chooser's view."""
        return describe(action, state)

    def narrate(self, action: Action, seat: int, before: State, after: State) -> str:
        """About the player who moved ("Move their Grande to …"); a step held for a Veto is
        logged as proposed."""
        return narration(before, seat, action, after)

    def coach_reason(self, before: State, seat: int, action: Action, after: State) -> str:
        """What the move does on the board for ``seat`` ("wins the majority in Aragón (5 pts
        at the next scoring)"), worked out from ``before`` alone (a step may wait for a
        Veto, a disk for the others'); else the standings' change."""
        return reasons.coach_reason(before, seat, action) or super().coach_reason(before, seat, action, after)

    def prompt(self, state: State, seat: int) -> str:
        """What ``seat`` must decide now (or whom it is waiting for)."""
        return prompt(state, seat)

    def effects(self, state: State) -> list[str]:
        """What the latest action caused beyond itself (forced moves, reveals, scorings, a
        Veto's outcome), as public log lines (from ``state.events``); safe on any view."""
        return event_texts(state)

    def progress(self, state: State) -> str:
        """ "Round 4/9, scoring after round 6" or "Game over"."""
        return progress(state)

    def round_number(self, state: State) -> int:
        """How many rounds have begun: the board's round in the full game; the short game
        plays rounds 2, 3, 5, 6, 8 and 9 of the board, its 1st to 6th."""
        return playable_rounds(state.short_game).index(state.round) + 1

    # --- encoding --------------------------------------------------------------------------
    def encode_state(self, state: State) -> dict[str, PlainData]:
        """Plain-data state (see :func:`core.elgrande.encoding.encode_state`)."""
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
