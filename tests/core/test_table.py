"""Tests for core.table: replays, submitting, the undo policy, events, and the two special
decision shapes (simultaneous secret choices and reaction windows), on the toy game."""

from __future__ import annotations

from typing import Any

import pytest

from dataclasses import replace

from core.engine import IllegalAction, first_player_option
from core.rng import Rng
from core.table import Controller, Seat, Table, TableEvent, parse_options
from tests.toy_game import GAME, HIDDEN, MASKED, Action, BidState, SealedBids

BOT = Controller("bot", "easy")


def seats(*kinds: str) -> list[Seat]:
    """Seats from "h"/"b" letters: human or bot."""
    return [Seat(i, f"P{i}", Controller() if k == "h" else BOT) for i, k in enumerate(kinds)]


def new_table(*kinds: str, seed: int = 7, **options: Any) -> Table[Action]:
    return Table.new(GAME, seats(*kinds), seed, {"rounds": 3, **options})


def high(table: Table[Action], seat: int) -> Action:
    """The seat's highest bid card: always beats every other seat's lowest card."""
    return Action("bid", max(table.state.hands[seat]))


def low(table: Table[Action], seat: int) -> Action:
    return Action("bid", min(table.state.hands[seat]))


def random_log(seed: int, players: int, rounds: int = 4) -> list[tuple[int, Action]]:
    """Play one random game on a table (random seat order among simultaneous choosers)."""
    table = Table.new(GAME, seats(*"h" * players), seed, {"rounds": rounds})
    rng = Rng(seed, stream=5)
    while not table.is_over():
        seat = rng.choice(table.to_act())
        table.submit(seat, rng.choice(table.legal_actions(seat)))
    return table.actions()


# --- replay ------------------------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(24))
def test_replay_is_deterministic(seed: int) -> None:
    players = 2 + seed % 3
    log = random_log(seed, players)
    a = Table.replay(GAME, seats(*"h" * players), seed, {"rounds": 4}, log)
    b = Table.replay(GAME, seats(*"h" * players), seed, {"rounds": 4}, log)
    assert a.is_over() and b.is_over()
    assert GAME.encode_state(a.state) == GAME.encode_state(b.state)
    assert a.actions() == log
    assert a.result() == b.result()


def test_replay_through_encoded_actions() -> None:
    """The log survives encoding (as a save stores it) and replays to the same state."""
    log = random_log(3, 3)
    encoded = [(seat, GAME.encode_action(action)) for seat, action in log]
    decoded = [(seat, GAME.decode_action(data)) for seat, data in encoded]
    a = Table.replay(GAME, seats("h", "h", "h"), 3, {"rounds": 4}, log)
    b = Table.replay(GAME, seats("h", "h", "h"), 3, {"rounds": 4}, decoded)
    assert GAME.encode_state(a.state) == GAME.encode_state(b.state)


def test_replay_differs_with_the_seed() -> None:
    a = Table.new(GAME, seats("h", "h"), 1, {})
    b = Table.new(GAME, seats("h", "h"), 2, {})
    assert GAME.encode_state(a.state) != GAME.encode_state(b.state)


def test_replay_of_an_illegal_log_raises() -> None:
    log = random_log(4, 2)
    bad = log[:3] + [(log[3][0], Action("bid", 999))] + log[4:]
    with pytest.raises(IllegalAction):
        Table.replay(GAME, seats("h", "h"), 4, {"rounds": 4}, bad)


# --- new ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("count", [0, 1, 5])
def test_new_rejects_bad_player_counts(count: int) -> None:
    with pytest.raises(ValueError, match="2–4 players"):
        Table.new(GAME, seats(*"h" * count), 1, {})


def test_new_rejects_unknown_or_bad_options() -> None:
    with pytest.raises(ValueError, match="unknown option 'speed'"):
        Table.new(GAME, seats("h", "h"), 1, {"speed": 2})
    with pytest.raises(ValueError, match="rounds"):
        Table.new(GAME, seats("h", "h"), 1, {"rounds": 9})
    with pytest.raises(ValueError, match="veto"):
        Table.new(GAME, seats("h", "h"), 1, {"veto": "perhaps"})


def test_new_fills_and_parses_options() -> None:
    table = Table.new(GAME, seats("h", "h"), 1, {"rounds": "4", "veto": "off"})
    assert table.options == {"rounds": 4, "veto": False}
    assert Table.new(GAME, seats("h", "h"), 1).options == {"rounds": 5, "veto": True}


class SeatedBids(SealedBids):
    """The toy game with a "who starts" option whose choices are seats 0-3."""

    info = replace(
        SealedBids.info,
        options=SealedBids.info.options + (first_player_option("First player", "", 4),),
    )


SEATED = SeatedBids()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_parse_options_keeps_seat_choices_to_the_seats_in_play(players: int) -> None:
    for seat in range(4):
        raw = {"first_player": str(seat)}
        if seat < players:
            assert parse_options(SEATED, raw, players)["first_player"] == str(seat)
        else:
            with pytest.raises(ValueError, match=f"first_player .*{players}-player game"):
                parse_options(SEATED, raw, players)
    assert parse_options(SEATED, {"first_player": "random"}, players)["first_player"] == "random"
    assert parse_options(SEATED, {}, players)["first_player"] == "random"


def test_parse_options_without_a_player_count_accepts_every_choice() -> None:
    assert parse_options(SEATED, {"first_player": "3"})["first_player"] == "3"
    with pytest.raises(ValueError, match="first_player"):
        parse_options(SEATED, {"first_player": "4"})


def test_new_refuses_a_first_player_who_has_no_seat() -> None:
    with pytest.raises(ValueError, match="first_player"):
        Table.new(SEATED, seats("h", "h"), 1, {"first_player": "2"})
    table = Table.new(SEATED, seats("h", "h", "h"), 1, {"first_player": "2"})
    assert table.options["first_player"] == "2"


def test_controller_validation() -> None:
    with pytest.raises(ValueError):
        Controller("alien")
    with pytest.raises(ValueError):
        Controller("bot", "godlike")
    assert BOT.label() == "bot (easy)" and Controller().label() == "human"


# --- submit ------------------------------------------------------------------------------------

def test_illegal_submit_raises_and_changes_nothing() -> None:
    table = new_table("h", "h")
    events: list[TableEvent] = []
    table.subscribe(events.append)
    before = GAME.encode_state(table.state)
    state_obj = table.state
    for seat, action in [(1, Action("pick", 0)), (0, Action("bid", 1)), (0, Action("pick", 5)),
                         (0, Action("veto"))]:
        with pytest.raises(IllegalAction):
            table.submit(seat, action)
    assert table.state is state_obj
    assert GAME.encode_state(table.state) == before
    assert table.log == [] and events == []


def test_legal_actions_only_for_seats_to_act() -> None:
    table = new_table("h", "h")
    assert table.to_act() == [0]
    assert table.legal_actions(1) == []
    assert table.legal_actions(0) == [Action("pick", 0), Action("pick", 1)]


# --- undo --------------------------------------------------------------------------------------

def test_human_undoes_own_last_decision() -> None:
    table = new_table("h", "h", "h")
    before = GAME.encode_state(table.state)
    table.submit(0, Action("pick", 1))
    assert table.can_undo(0) and not table.can_undo(1)
    assert table.undo(0) == 1
    assert GAME.encode_state(table.state) == before and table.log == []


def test_undo_against_bots_removes_bot_moves_after_the_human() -> None:
    table = new_table("h", "b", "b")
    start = GAME.encode_state(table.state)
    table.submit(0, Action("pick", 0))  # human
    table.submit(1, low(table, 1))  # bot seals a bid (no reveal yet)
    assert table.undo_depth(0) == 2
    assert table.undo(0) == 2
    assert GAME.encode_state(table.state) == start
    assert table.to_act() == [0]


def test_undo_goes_back_to_the_humans_previous_decision_only() -> None:
    table = new_table("b", "h", "b")
    table.submit(0, Action("pick", 0))  # bot leader
    table.submit(1, low(table, 1))  # human
    after_bot_pick = GAME.encode_state(Table.replay(GAME, seats("b", "h", "b"), 7, {"rounds": 3},
                                                    table.actions()[:1]).state)
    assert table.undo(1) == 1  # the bot's earlier pick stays
    assert GAME.encode_state(table.state) == after_bot_pick
    assert not table.can_undo(1)
    with pytest.raises(IllegalAction, match="no move to undo"):
        table.undo(1)


def test_never_undo_another_humans_move_in_hot_seat() -> None:
    table = new_table("h", "h", "h")
    table.submit(0, Action("pick", 0))
    table.submit(1, low(table, 1))
    assert not table.can_undo(0)
    with pytest.raises(IllegalAction, match="another player's move"):
        table.undo(0)
    assert table.can_undo(1)  # the latest player may take back their own sealed bid
    table.undo(1)
    assert table.can_undo(0)


def test_never_undo_across_a_reveal() -> None:
    table = new_table("h", "b", seed=11, veto=False)
    table.submit(0, Action("pick", 0))
    table.submit(0, low(table, 0))
    entry = table.submit(1, low(table, 1))  # completes the sealed bids: reveal + next draw
    assert entry.barrier
    assert not table.can_undo(0)
    with pytest.raises(IllegalAction, match="random draw or a reveal"):
        table.undo(0)


def test_reveal_is_a_barrier_even_without_randomness() -> None:
    """With the veto window open, the reveal draws nothing yet it is still a barrier."""
    table = new_table("h", "h", seed=11)
    table.submit(0, Action("pick", 0))
    table.submit(0, high(table, 0))
    rng_before = table.state.rng.clone()
    entry = table.submit(1, low(table, 1))
    assert table.state.phase == "react"
    assert table.state.rng == rng_before  # no random draw happened
    assert entry.barrier


def test_pick_and_sealed_bid_are_not_barriers() -> None:
    table = new_table("h", "h", "h")
    assert not table.submit(0, Action("pick", 0)).barrier
    assert not table.submit(2, low(table, 2)).barrier


def test_bot_seats_and_empty_logs_cannot_undo() -> None:
    table = new_table("h", "b", "b")
    with pytest.raises(IllegalAction, match="Nothing to undo"):
        table.undo(0)
    table.submit(0, Action("pick", 0))
    assert table.undo_depth(1) == 0 and not table.can_undo(1)


def _ended_by_a_human_move() -> Table[Action]:
    """A finished human-vs-bot game whose last move was the human's (a veto, no barrier)."""
    table = new_table("h", "b", seed=1)
    rng = Rng(1)
    while not table.is_over():
        seat = table.to_act()[0]
        table.submit(seat, rng.choice(table.legal_actions(seat)))
    return table


def test_game_can_end_on_a_human_non_barrier_move() -> None:
    table = _ended_by_a_human_move()
    assert table.is_over()
    assert table.log[-1].seat == 0 and not table.log[-1].barrier


def test_no_undo_once_the_game_is_over() -> None:
    """The game-ending move is final: "over" was announced (game-over screen, autosave)."""
    assert not _ended_by_a_human_move().can_undo(0)


# --- events ------------------------------------------------------------------------------------

def test_events_action_undo_over_and_unsubscribe() -> None:
    table = new_table("h", "h")
    events: list[TableEvent] = []
    unsubscribe = table.subscribe(events.append)
    entry = table.submit(0, Action("pick", 0))
    assert events == [TableEvent("action", entry=entry)]
    assert entry.seat == 0 and entry.action == Action("pick", 0) and entry.text.startswith("Auction")
    table.undo(0)
    assert events[-1] == TableEvent("undo", count=1)
    rng = Rng(1)
    while not table.is_over():
        seat = table.to_act()[0]
        table.submit(seat, rng.choice(table.legal_actions(seat)))
    assert events[-1].kind == "over"
    assert [e.kind for e in events].count("over") == 1
    assert events[-2].kind == "action"
    count = len(events)
    unsubscribe()
    unsubscribe()  # harmless twice
    with pytest.raises(IllegalAction):
        table.submit(0, Action("pick", 0))
    assert len(events) == count
    assert table.to_act() == [] and table.legal_actions(0) == []


# --- simultaneous secret choices ---------------------------------------------------------------

def test_secret_choices_hidden_until_revealed_together() -> None:
    table = new_table("h", "h", "h", seed=5, veto=False)
    table.submit(0, Action("pick", 0))
    assert table.to_act() == [0, 1, 2]  # everyone seals a bid at once
    card1 = max(table.state.hands[1])
    entry = table.submit(1, Action("bid", card1))
    assert str(card1) not in entry.text  # the public log does not leak the sealed bid
    assert table.to_act() == [0, 2]
    for viewer in (0, 2, None):
        view: BidState = table.view(viewer)
        assert view.bids[1] == HIDDEN
        assert card1 not in view.hands[1] and set(view.hands[1]) == {MASKED}
    assert table.view(1).bids[1] == card1
    card2 = min(table.state.hands[2])
    table.submit(2, Action("bid", card2))
    for viewer in (0, 1, None):
        assert table.view(viewer).bids[2] == HIDDEN
    assert table.view(0).bids[1] == HIDDEN  # still sealed while seat 0 has not chosen
    card0 = min(table.state.hands[0])
    entry = table.submit(0, Action("bid", card0))
    assert entry.barrier
    for viewer in (0, 1, 2, None):  # revealed together, to everybody
        assert table.view(viewer).last_bids == [card0, card1, card2]
    assert table.state.won[1]  # the highest bid won the prize
    # Losing cards return to their hands and are now public knowledge.
    assert card0 in table.view(1).hands[0] and card2 in table.view(0).hands[2]


def test_a_seat_that_committed_cannot_commit_again() -> None:
    table = new_table("h", "h", "h")
    table.submit(0, Action("pick", 0))
    table.submit(0, low(table, 0))
    assert table.legal_actions(0) == []
    with pytest.raises(IllegalAction, match="not your turn"):
        table.submit(0, high(table, 0))


# --- reaction window ---------------------------------------------------------------------------

def _win_for(table: Table[Action], winner: int) -> None:
    """Play the pick and sealed bids so that ``winner`` wins this round's auction."""
    leader = table.to_act()[0]
    table.submit(leader, Action("pick", 0))
    for seat in sorted(table.to_act()):
        table.submit(seat, high(table, seat) if seat == winner else low(table, seat))


def test_reaction_window_asks_others_clockwise_from_the_winner() -> None:
    table = new_table("h", "h", "h", "h", seed=2)
    _win_for(table, 2)
    prize = table.state.offer[0]
    assert table.state.phase == "react" and GAME.turn_holder(table.state) == 2
    asked = []
    while table.state.phase == "react":
        seat = table.to_act()
        assert len(seat) == 1 and seat[0] != 2
        assert table.legal_actions(seat[0]) == [Action("veto"), Action("allow")]
        asked.append(seat[0])
        table.submit(seat[0], Action("allow"))
    assert asked == [3, 0, 1]
    assert table.state.won[2] == [prize]


def test_veto_discards_the_prize_spends_the_token_and_closes_the_window() -> None:
    table = new_table("h", "h", "h", seed=2)
    _win_for(table, 0)
    prize = table.state.offer[0]
    assert table.to_act() == [1]
    table.submit(1, Action("allow"))
    assert table.to_act() == [2]
    entry = table.submit(2, Action("veto"))
    assert entry.text == "Veto the win"
    assert table.state.won[0] == [] and prize not in sum(table.state.won, [])
    assert table.state.vetoes == [1, 1, 0]
    assert table.state.phase == "pick" and table.state.round == 1
    # Next round: the seat without a token is skipped.
    _win_for(table, 0)
    assert table.to_act() == [1]
    table.submit(1, Action("allow"))
    assert table.state.phase == "pick"  # seat 2 was not asked
    assert len(table.state.won[0]) == 1


def test_no_reaction_window_when_the_option_is_off() -> None:
    table = new_table("h", "h", seed=2, veto=False)
    _win_for(table, 1)
    assert table.state.phase == "pick" and len(table.state.won[1]) == 1


def test_seats_must_be_numbered_in_order() -> None:
    with pytest.raises(ValueError):
        Table.new(GAME, [Seat(1, "A"), Seat(0, "B")], 1, {})


def test_undo_for_a_bot_or_unknown_seat_is_refused_with_a_reason() -> None:
    table = new_table("h", "b")
    table.submit(0, table.legal_actions(0)[0])
    assert table.undo_depth(1) == 0 and table.undo_depth(7) == 0
    with pytest.raises(IllegalAction, match="human"):
        table.undo(1)


# --- remote seats ------------------------------------------------------------------------------

REMOTE = Controller("remote")


def test_a_remote_controller_has_no_level_and_is_not_a_local_human() -> None:
    assert REMOTE.is_remote and not REMOTE.is_human and REMOTE.label() == "remote"
    assert Controller(kind="remote") == REMOTE
    assert not Controller().is_remote and not BOT.is_remote
    with pytest.raises(ValueError, match="no level"):
        Controller("remote", "easy")


def test_remote_seats_are_not_local_humans_and_never_undo_here() -> None:
    table = Table.new(GAME, [Seat(0, "P0"), Seat(1, "P1", REMOTE), Seat(2, "P2", BOT)], 7, {"rounds": 3})
    assert table.human_seats() == [0]
    table.submit(0, Action("pick", 0))
    table.submit(1, low(table, 1))  # the remote player's sealed bid, as the hub would apply it
    assert table.undo_depth(1) == 0 and not table.can_undo(1)
    with pytest.raises(IllegalAction, match="human"):
        table.undo(1)


def test_a_local_human_never_undoes_a_remote_players_move() -> None:
    table = Table.new(GAME, [Seat(0, "P0"), Seat(1, "P1", REMOTE), Seat(2, "P2", BOT)], 7, {"rounds": 3})
    table.submit(0, Action("pick", 0))
    table.submit(1, low(table, 1))
    assert table.undo_depth(0) == 0
    with pytest.raises(IllegalAction, match="another player's move"):
        table.undo(0)


def test_a_move_checked_by_ends_turn_is_applied_once_when_submitted(monkeypatch: pytest.MonkeyPatch) -> None:
    """Confirm-before-end-turn asks ends_turn, then submits the same move: one apply, not two;
    another move (or the same one after the table moved on) is applied afresh."""
    table = new_table("h", "h")
    calls: list[Action] = []
    apply = GAME.apply

    def counting(state: Any, seat: int, action: Action) -> Any:
        calls.append(action)
        return apply(state, seat, action)

    monkeypatch.setattr(GAME, "apply", counting)
    seat = table.to_act()[0]
    move = table.legal_actions(seat)[0]
    table.ends_turn(seat, move)
    table.submit(seat, move)
    assert calls == [move]
    other = table.to_act()[0]
    first, second = sorted(table.legal_actions(other), key=repr)[:2]
    table.ends_turn(other, first)
    table.submit(other, second)
    assert calls == [move, first, second]
    replayed = Table.replay(GAME, seats("h", "h"), 7, {"rounds": 3}, table.actions())
    assert replayed.state == table.state
