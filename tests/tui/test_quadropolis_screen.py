"""Pilot tests of the Quadropolis building grid: a whole game by keys, undo, tabs, errors."""

from __future__ import annotations

import asyncio

from textual.content import Content
from textual.widgets import DataTable, Static

from core.quadropolis.actions import Build, Discard, Place
from core.rng import Rng
from tui.app import MeepleApp, StartRequest
from tui.games.quadropolis import QuadropolisScreen
from tui.games.quadropolis_render import KEY
from tui.screens.game_over import GameOverScreen

from tests.tui.helpers import (
    open_game,
    play_by_keys,
    quadropolis_table,
    seats,
    wait_for_screen,
    wait_for_turn,
)
from tests.tui.readable import clipped




def test_full_game_against_a_bot_by_keys_only() -> None:
    """A 2-player game, human vs easy bot, played with keys to the scoring screen."""

    async def main() -> None:
        request = StartRequest(game="quadropolis", seats=seats("human", "easy"), seed=11,
                               options={"first_player": "0", "adjacency_needs_activation": False})
        app = MeepleApp(start=request, bot_delay=0)
        rng = Rng(5)
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await wait_for_screen(pilot, QuadropolisScreen)
            table = screen.table
            human_moves = 0
            while not table.is_over():
                await wait_for_turn(pilot, screen)
                if table.is_over():
                    break
                legal = table.legal_actions(0)
                builds = [a for a in legal if isinstance(a, Build)]
                choice = (builds or legal)[rng.randbelow(len(builds or legal))]
                if builds and rng.randbelow(8) == 0:
                    choice = Discard()
                before = len(table.log)
                await play_by_keys(pilot, screen, choice)
                assert table.log[before].action == choice, "the keys made a different move"
                human_moves += 1
            over = await wait_for_screen(pilot, GameOverScreen)
            result = table.result()
            grid = over.query_one("#breakdown", DataTable)
            assert grid.row_count == len(result.categories)
            order = sorted(range(2), key=lambda s: (result.ranks[s], s))
            for row, category in enumerate(result.categories):
                cells = grid.get_row_at(row)
                assert [str(c) for c in cells[1:]] == [str(result.breakdown[s][row]) for s in order]
            assert result.totals == tuple(result.breakdown[s][-1] for s in range(2))
            assert 16 <= human_moves <= 32
            assert "Where the resources went" in over.extra.plain

    asyncio.run(main())


def test_undo_takes_back_the_placement_before_the_bot_moves() -> None:
    """Place, then ctrl+z: the architect is back and the site is unchanged."""

    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            table = quadropolis_table(("human", "human"))
            screen = await open_game(pilot, table)
            legal = table.legal_actions(0)
            place = next(a for a in legal if isinstance(a, Place)
                         and "nothing" not in table.game.describe(a, table.state))
            await play_by_keys(pilot, screen, place)
            assert len(table.log) == 1 and table.state.phase == "build"
            await pilot.press("ctrl+z")
            await pilot.pause()
            assert table.log == [] and table.state.phase == "place"

    asyncio.run(main())


def test_illegal_slot_is_refused_with_a_reason() -> None:
    """Enter on a closed slot changes nothing and explains why."""

    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            table = quadropolis_table(("human", "human"), moves=1)
            if table.state.phase == "build":
                table.submit(table.to_act()[0], Discard())
            screen = await open_game(pilot, table)
            assert table.state.phase == "place"
            taken = next(i for i, v in enumerate(table.state.slots) if v >= 0)
            screen.slot_cursor = taken
            screen.refresh_all()
            before = len(table.log)
            await pilot.press("enter")
            await pilot.pause()
            assert len(table.log) == before
            assert any("Architect" in str(n.message) or "slot" in str(n.message).lower()
                       for n in app._notifications)

    asyncio.run(main())


def test_tab_shows_the_other_cities_and_digits_pick_architects() -> None:
    """Tab cycles the city shown while choosing; a used architect cannot be picked again."""

    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            table = quadropolis_table(("human", "human", "human"), moves=6)
            if table.state.phase == "build":  # Tab looks around while choosing a slot
                table.submit(table.to_act()[0], Discard())
            screen = await open_game(pilot, table)
            seat = table.to_act()[0]
            assert screen.viewer == seat
            await pilot.press("tab")
            assert screen.shown_city == (seat + 1) % 3
            await pilot.press("tab", "tab")
            assert screen.shown_city == seat
            used = next(n for n in range(1, 5) if not (table.state.available[seat] >> n) & 1)
            await pilot.press(str(used))
            assert screen.architect != used

    asyncio.run(main())


def test_move_list_filter_and_escape_back_to_the_board() -> None:
    """m jumps to the filter; typing filters; Enter plays and returns to the board; Esc does too."""

    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            table = quadropolis_table(("human", "human"))
            screen = await open_game(pilot, table)
            await pilot.press("m")
            assert screen.focused is not None and screen.focused.id == "action-filter"
            await pilot.press(*"architect 4 s3")
            await pilot.pause()
            actions = screen.query_one("#actions")
            assert actions._shown == [Place(4, "S3")]
            await pilot.press("escape")
            assert screen.focused.id == "action-filter" and actions.filter_text == ""
            await pilot.press("escape")
            assert screen.focused.id == "qp-board"
            await pilot.press("m", *"architect 4 s3", "enter")
            await pilot.pause()
            assert table.log[-1].action == Place(4, "S3")
            # Back on the board, and the next decision lists every move, not the ones
            # matching the used filter.
            assert screen.focused.id == "qp-board"
            assert actions.filter_text == ""
            assert len(actions._shown) == len(table.legal_actions(table.to_act()[0])) > 1

    asyncio.run(main())


def test_your_own_city_while_you_build_and_each_turn_opens_on_the_player_to_move() -> None:
    """Tab works while choosing; while building your city stays shown (Tab says why); the
    next turn opens on the city of the player to move."""

    async def main() -> None:
        from tui.screens.curtain import HandOffScreen

        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            table = quadropolis_table(("human", "human"))
            screen = await open_game(pilot, table)
            assert table.to_act() == [0] and screen.shown_city == 0
            await pilot.press("tab")
            assert screen.shown_city == 1
            place = next(a for a in table.legal_actions(0) if isinstance(a, Place)
                         and "nothing" not in table.game.describe(a, table.state))
            await play_by_keys(pilot, screen, place)
            assert table.state.phase == "build" and screen.shown_city == 0
            await pilot.press("tab")
            await pilot.pause()
            assert screen.shown_city == 0
            assert any("building" in str(n.message) for n in app._notifications)
            await pilot.press("d")
            await pilot.pause()
            if isinstance(app.screen, HandOffScreen):
                await pilot.press("enter")
                await pilot.pause()
            assert table.to_act() == [1] and screen.viewer == 1
            assert screen.shown_city == 1
            assert "City of B" in screen.query_one("#qp-city-title").render().plain

    asyncio.run(main())


def test_a_closed_slot_is_described_as_closed_not_as_a_take() -> None:
    """The hint on a slot with an Architect names it ("N2 is taken by A3"); on a slot the
    Urbanist closes it says so; neither speaks of taking a building."""

    async def main() -> None:
        from core.quadropolis.board import SLOT_NAMES, URBANIST_BLOCKS
        from tui.widgets.players import player_glyph

        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            table = quadropolis_table(("human", "human"), moves=1)
            if table.state.phase == "build":
                table.submit(table.to_act()[0], Discard())
            screen = await open_game(pilot, table)
            state = table.state
            assert state.phase == "place"
            hint = screen.query_one("#qp-hint")
            taken = next(i for i, v in enumerate(state.slots) if v >= 0)
            seat, number = divmod(state.slots[taken], 8)
            screen.slot_cursor = taken
            screen.refresh_all()
            text = hint.render().plain
            assert f"{SLOT_NAMES[taken]} is taken by {player_glyph(seat)}{number}" in text
            assert "takes" not in text.split("\n")[0]
            blocked = next(s for s in range(len(SLOT_NAMES)) if state.slots[s] < 0
                           and URBANIST_BLOCKS[state.urbanist] >> s & 1)
            screen.slot_cursor = blocked
            screen.refresh_all()
            text = hint.render().plain
            assert f"{SLOT_NAMES[blocked]} is closed by the Urbanist" in text
            assert "takes" not in text.split("\n")[0]

    asyncio.run(main())


def test_the_build_hint_previews_the_score_or_says_why_not() -> None:
    """In the build step the hint shows the viewer's VP if the game ended now, before and
    after building on the square under the cursor; on a square it may not go, the reason."""

    async def main() -> None:
        from core.quadropolis.board import CITY

        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            table = quadropolis_table(("human", "human"), moves=12)
            while table.state.phase != "build":
                seat = table.to_act()[0]
                table.submit(seat, table.legal_actions(seat)[-1])
            screen = await open_game(pilot, table)
            played = len(table.log)
            seat = table.to_act()[0]
            view = table.view(seat)
            game = table.game
            build = next(a for a in table.legal_actions(seat) if isinstance(a, Build))
            before = game.standings(view).projected[seat]
            after = game.standings(game.apply(view, seat, build)).projected[seat]
            screen.city_cursor = (build.row - 1) * CITY + build.col - 1
            screen.refresh_all()
            hint = screen.query_one("#qp-hint").render().plain
            assert f"VP if it ended now {before} → {after}" in hint
            assert hint.startswith(screen.action_label(build, view))  # in the move list's words
            square = next(sq for sq in range(CITY * CITY)
                          if Build(sq // CITY + 1, sq % CITY + 1) not in table.legal_actions(seat))
            screen.city_cursor = square
            screen.refresh_all()
            reason = game.why_illegal(view, seat, Build(square // CITY + 1, square % CITY + 1))
            assert reason and reason in screen.query_one("#qp-hint").render().plain.replace("\n", " ")
            assert len(table.log) == played and table.state.phase == "build"  # nothing was played

    asyncio.run(main())


def test_a_wide_terminal_shows_every_city() -> None:
    """At 120x40 each player's city is drawn (no Tab needed: it says so); at 80x24 one."""

    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(120, 40)) as pilot:
            table = quadropolis_table(("human", "human", "human"), moves=6)
            screen = await open_game(pilot, table)
            shown = [seat for seat in range(4) if screen.query_one(f"#qp-city-pane-{seat}").display]
            assert shown == [0, 1, 2]
            for seat in shown:
                title = screen.query_one(f"#qp-city-title-{seat}").render().plain
                assert f"City of {'ABC'[seat]}" in title
                assert screen.query_one(f"#qp-city-{seat}").region.width >= 35  # column 4 whole
            assert screen.query_one("#qp-cities").region.width > 0
            assert screen.query_one("#qp-city-pane").region.width == 0
            await pilot.press("tab")
            await pilot.pause()
            assert any("Every city is in view" in str(n.message) for n in app._notifications)
            await pilot.resize_terminal(80, 24)
            await pilot.pause()
            assert screen.query_one("#qp-cities").region.width == 0
            assert screen.query_one("#qp-city-pane").region.width > 0

    asyncio.run(main())


def _board_tokens(width: int) -> set[str]:
    """Every word drawn on the site and the cities over seeded games of 2 to 4 players."""
    from tests.tui.helpers import quadropolis_table as new_table
    from tui.games.quadropolis_render import render_city, render_site

    tokens: set[str] = set()
    for players in (2, 3, 4):
        table = new_table(("human",) * players, seed=players)
        rng = Rng(players)
        while not table.is_over():
            state = table.state
            pictures = [render_site(state, width)] + [render_city(state, s, width) for s in range(players)]
            for picture in pictures:
                for line in picture.lines():
                    tokens.update(line.split())
            seat = table.to_act()[0]
            legal = table.legal_actions(seat)
            builds = [a for a in legal if isinstance(a, Build)]
            table.submit(seat, (builds or legal)[rng.randbelow(len(builds or legal))])
    return tokens


def _unexplained(tokens: set[str], codes: set[str]) -> set[str]:
    """The tokens that are not a slot, a player's Architect, a row/column number or a
    concatenation of ``codes`` (where a code's digit stands for any digit: "2i" for "3i")."""
    import re

    from core.quadropolis.board import SLOT_NAMES
    from tui.widgets.players import player_glyph

    def general(text: str) -> str:
        return re.sub(r"[0-9]", "#", text)

    pieces = sorted({general(code) for code in codes}, key=len, reverse=True)
    whole = re.compile("(?:" + "|".join(re.escape(p) for p in pieces) + ")+")
    architects = {f"{player_glyph(seat)}{n}" for seat in range(4) for n in range(1, 5)}
    left = set()
    for token in tokens:
        if token in SLOT_NAMES:
            assert "N1" in codes and "N/S/W/E" in dict(KEY)["N1"]  # the key names every side
        elif token in architects:
            assert "A3" in codes
        elif token.isdigit() and 1 <= int(token) <= 4:
            continue  # the city's row and column numbers
        elif not whole.fullmatch(general(token.strip("░") or "░")):
            left.add(token)
    return left


def test_every_code_on_the_board_is_explained_in_the_help_or_the_legend() -> None:
    """At 80x24 the help explains each figure drawn on the site and the cities ("Hie",
    "T1iM", "××", "T×2", "B3"...); on wide terminals the legend and the key under it do."""
    from tui.games.quadropolis import key_entries, legend_entries

    help_codes = {code for key, _ in QuadropolisScreen.HELP_KEYS for code in key.split()}
    assert {"ie", "××", "M", "░", "U"} <= help_codes
    assert not _unexplained(_board_tokens(4), help_codes)
    shown = {entry.plain.split()[0] for entry in legend_entries(7) + key_entries()}
    names = {"Shop", "Park"}  # words that are the type's own name need no key
    assert not _unexplained(_board_tokens(7), shown | names)
    assert _unexplained({"Hie", "T1iM", "××"}, {"H", "T", "2i", "M"}) == {"Hie", "××"}  # the check bites


def test_the_legend_breaks_lines_between_entries_only() -> None:
    """The legend under the board is laid out entry by entry: at 80x24 "F Factory" is never
    cut in two; its widget is as tall as its lines (Textual wraps nothing further)."""
    from tui.widgets.legend import Legend

    legend = Legend([Content("T Tower Block"), Content("F Factory"), Content("H Harbor")])
    assert [line.plain for line in legend.lines(24)] == ["T Tower Block  F Factory", "H Harbor"]
    assert [line.plain for line in legend.lines(8)] == ["T Tower Block", "F Factory", "H Harbor"]

    async def main() -> None:
        for size in ((80, 24), (120, 40)):
            app = MeepleApp(bot_delay=0)
            async with app.run_test(size=size) as pilot:
                screen = await open_game(pilot, quadropolis_table(("human", "human"), moves=3))
                for selector in ("#qp-legend", "#qp-codes"):
                    widget = screen.query_one(selector, Legend)
                    if not widget.display:
                        continue
                    width = widget.content_region.width
                    lines = [line.plain for line in widget.lines(width)]
                    assert widget.content_region.height == len(lines), (size, selector)
                    assert all(len(line) <= width for line in lines)
                    entries = [entry.plain for entry in widget.entries]
                    assert Legend.GAP.join(entries) == Legend.GAP.join(lines)  # whole entries only
                    assert all(any(e in line for line in lines) for e in entries)
                    if size == (80, 24):  # two lines there, and no key of codes (the help has it)
                        assert len(lines) == 2 and selector == "#qp-legend"

    asyncio.run(main())


def test_the_hint_takes_in_the_move_lists_words() -> None:
    """For every open slot and Architect the hint starts with the move list's words and
    says what the move takes ("face-down tile: takes nothing", never just "takes nothing"
    for it)."""

    async def main() -> None:
        from core.quadropolis.board import SLOT_INDEX

        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            table = quadropolis_table(("human", "human"), moves=4)
            if table.state.phase == "build":
                table.submit(table.to_act()[0], Discard())
            screen = await open_game(pilot, table)
            seat = table.to_act()[0]
            view = table.view(seat)
            face_down = 0
            for action in table.legal_actions(seat):
                assert isinstance(action, Place)
                screen.architect = action.architect
                screen.slot_cursor = SLOT_INDEX[action.slot]
                screen.refresh_all()
                hint = screen.query_one("#qp-hint").render().plain.split("\n")[0]
                label = screen.action_label(action, view)
                assert hint.startswith(label), (hint, label)
                face_down += label.endswith("face-down") and "face-down tile: takes nothing" in hint
            assert face_down  # 2 players: some tiles lie face down

    asyncio.run(main())


def test_a_first_tower_preview_says_its_inhabitants_go_unused() -> None:
    """Building the first Tower Block lowers "VP if it ended now" (a tower needs energy):
    the preview says why, "0 → -3 (3 inhabitants unused: -1 each)"."""

    async def main() -> None:
        from core.quadropolis.board import CITY, SLOT_INDEX, SLOT_TARGET
        from core.quadropolis.content import TILE_INH, TILE_KIND, TOWER

        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            table = quadropolis_table(("human", "human"))
            state = table.state

            def tower_inh(action: Place) -> int:
                tile = state.site[SLOT_TARGET[SLOT_INDEX[action.slot]][action.architect]]
                return TILE_INH[tile] if tile >= 0 and TILE_KIND[tile] == TOWER else 0

            place = max((a for a in table.legal_actions(0) if isinstance(a, Place)), key=tower_inh)
            inh = tower_inh(place)
            assert inh >= 2
            table.submit(0, place)
            screen = await open_game(pilot, table)
            build = next(a for a in table.legal_actions(0) if isinstance(a, Build))
            screen.city_cursor = (build.row - 1) * CITY + build.col - 1
            screen.refresh_all()
            hint = screen.query_one("#qp-hint").render().plain
            assert f"VP if it ended now 0 → -{inh} ({inh} inhabitants unused: -1 each)" in hint
            screen.query_one("#qp-hint").refresh()
            await pilot.pause()
            assert clipped(screen.query_one("#qp-hint", Static)) is None  # wrapped whole, not cut

    asyncio.run(main())


def test_the_card_viewer_tells_a_slots_building_and_a_squares_from_the_content() -> None:
    """``i`` on a slot shows the building its Architect reaches (what it gives, and what its
    type needs and scores in the words of seeds/quadropolis/rules.toml); on a square of
    your city, what is built there. Escape closes the viewer."""
    from core.quadropolis.board import CITY, SLOT_TARGET
    from core.quadropolis.content import RULES, TILE_KIND
    from core.quadropolis.text import tile_gives, type_points
    from tui.screens.card_viewer import CardViewerScreen

    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            table = quadropolis_table(("human", "human"), moves=16)
            while table.state.phase != "place":
                seat = table.to_act()[0]
                table.submit(seat, table.legal_actions(seat)[0])
            screen = await open_game(pilot, table)
            view = screen.current_view()
            slot = next(s for s in range(20) if view.site[SLOT_TARGET[s][screen.architect]] >= 0)
            tile = view.site[SLOT_TARGET[slot][screen.architect]]
            screen.slot_cursor = slot
            screen.refresh_all()
            await pilot.press("i")
            await pilot.pause()
            assert isinstance(app.screen, CardViewerScreen)
            text = app.screen.card.plain_text()
            for words in (RULES.type_texts[TILE_KIND[tile]], type_points(TILE_KIND[tile]), tile_gives(tile)):
                assert words in text
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is screen
            seat = screen.viewer
            square = next(sq for sq in range(CITY * CITY) if view.cities[seat][sq])
            screen.city_cursor = square
            screen.refresh_all()
            card = screen.place_card(view)
            built = TILE_KIND[view.cities[seat][square][0]]
            assert card is not None and RULES.type_texts[built] in card.plain_text()
            assert f"Row {square // CITY + 1}, col {square % CITY + 1} of your city" in card.title

    asyncio.run(main())


def test_a_take_chosen_in_the_list_starts_the_build_on_a_square() -> None:
    """Found playing: an Architect sent from the move list left the cursor on its slot, and
    Enter in the build step asked to build first; the cursor starts on a square where the
    building can go."""
    from core.quadropolis.board import SLOT_INDEX, SLOT_TARGET

    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            table = quadropolis_table(("human", "human"))
            screen = await open_game(pilot, table)
            view = screen.current_view()
            take = next(a for a in table.legal_actions(0) if isinstance(a, Place) and a.architect == 1
                        and view.site[SLOT_TARGET[SLOT_INDEX[a.slot]][a.architect]] >= 0)
            label = screen.action_label(take, view)  # "Architect 1→W3: Park": filtered to it
            await pilot.press("m", *label[label.index("→") + 1:].split(" ")[0])  # "W3:"
            await pilot.pause()
            assert screen.query_one("#actions").highlighted_action == take
            await pilot.press("enter")
            await pilot.pause()
            assert table.state.phase == "build"
            builds = [a for a in table.legal_actions(0) if isinstance(a, Build)]
            assert screen.city_cursor >= 0 and builds
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(table.log[-1].action, Build)

    asyncio.run(main())


def test_i_and_escape_during_a_bots_build_return_to_the_same_city() -> None:
    """A bot's city is shown for a moment after its build; ``i`` opened then and closed
    after that moment brings back the same city (it used to be your own by then), and the
    turn's city follows a moment after the board is back."""
    import asyncio

    from core.quadropolis.actions import Build
    from tests.tui.helpers import open_game, quadropolis_table
    from tui.app import MeepleApp
    from tui.screens.card_viewer import CardViewerScreen

    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            table = quadropolis_table(("human", "easy"))
            screen = await open_game(pilot, table)
            for _ in range(200):
                if screen._holding_city:
                    break
                if table.to_act() == [0] and not screen._bot_busy:
                    screen.submit_action(table.legal_actions(0)[0])
                await pilot.pause(0.02)
            assert screen._holding_city and screen.shown_city == 1
            assert any(isinstance(e.action, Build) and e.seat == 1 for e in table.log)
            await pilot.press("i")
            await pilot.pause()
            assert isinstance(app.screen, CardViewerScreen)
            await pilot.pause(1.5)  # the moment passes while the card is open
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is screen and screen.shown_city == 1
            for _ in range(100):
                if screen.shown_city == 0:
                    break
                await pilot.pause(0.05)
            assert screen.shown_city == 0  # then the city of the player to move

    asyncio.run(main())
