"""The move list widget: keys stop at the ends, pages, Enter and clicks choose, rows cut or
wrapped as its CSS says, new options re-laid out."""

from __future__ import annotations

import asyncio

from textual.app import App, ComposeResult
from textual.content import Content

from tui.widgets.move_list import MoveList


class Probe(App[None]):
    """One move list, 20 cells wide and 5 rows high."""

    CSS = """
    MoveList { width: 20; height: 5; }
    MoveList.-cut { text-wrap: nowrap; text-overflow: ellipsis; }
    """

    def __init__(self, cut: bool = True) -> None:
        super().__init__()
        self.cut = cut
        self.chosen: list[int] = []
        self.highlights: list[int] = []

    def compose(self) -> ComposeResult:
        yield MoveList(classes="-cut" if self.cut else None)

    def on_move_list_selected(self, event: MoveList.Selected) -> None:
        self.chosen.append(event.index)

    def on_move_list_highlighted(self, event: MoveList.Highlighted) -> None:
        if not isinstance(event, MoveList.Selected):
            self.highlights.append(event.index)


def rows(widget: MoveList) -> list[str]:
    return [widget.render_line(y).text.rstrip() for y in range(widget.size.height)]


def test_keys_move_the_highlight_and_stop_at_both_ends() -> None:
    async def main() -> None:
        app = Probe()
        async with app.run_test() as pilot:
            moves = app.query_one(MoveList)
            moves.set_options([Content(f"Move {n}") for n in range(12)])
            moves.focus()
            await pilot.pause()
            assert moves.highlighted == 0
            await pilot.press("up")
            assert moves.highlighted == 0, "no wrapping round to the last move"
            await pilot.press("down", "down")
            assert moves.highlighted == 2
            await pilot.press("end")
            assert moves.highlighted == 11
            await pilot.press("down")
            assert moves.highlighted == 11, "no wrapping round to the first move"
            await pilot.pause()
            assert rows(moves)[-1] == "Move 11", (rows(moves), moves.scroll_offset, moves.size, moves.virtual_size)
            await pilot.press("pageup")
            assert moves.highlighted == 6
            await pilot.press("home", "pagedown")
            assert moves.highlighted == 5
            await pilot.press("enter")
            await pilot.pause()
            assert app.chosen == [5]
            assert app.highlights[-1] == 5

    asyncio.run(main())


def test_a_click_chooses_the_move_under_the_mouse() -> None:
    async def main() -> None:
        app = Probe()
        async with app.run_test() as pilot:
            moves = app.query_one(MoveList)
            moves.set_options([Content(f"Move {n}") for n in range(3)])
            await pilot.pause()
            await pilot.click(MoveList, offset=(2, 1))
            await pilot.pause()
            assert moves.highlighted == 1 and app.chosen == [1]
            await pilot.click(MoveList, offset=(2, 4))  # below the last move: nothing
            await pilot.pause()
            assert app.chosen == [1]

    asyncio.run(main())


def test_rows_are_cut_with_an_ellipsis_or_wrapped_as_the_css_says() -> None:
    long = Content("Pay 9 coins: blue + purple + 1 road")

    async def main(cut: bool) -> list[str]:
        app = Probe(cut)
        async with app.run_test() as pilot:
            moves = app.query_one(MoveList)
            moves.set_options([long, Content("Pass")])
            await pilot.pause()
            assert moves.option_count == 2 and moves.prompt_at(0) == long
            return rows(moves)

    cut = asyncio.run(main(True))
    assert cut[0].endswith("…") and len(cut[0]) <= 20 and cut[1] == "Pass"
    wrapped = asyncio.run(main(False))
    assert " ".join(wrapped[:2]) == long.plain and wrapped[2] == "Pass"


def test_a_hanging_indent_lines_up_the_later_rows_of_an_option() -> None:
    """With ``hang``, every row of an option but its first starts ``hang`` cells in, an
    explicit line break's row included; the height follows the rows."""

    async def main() -> list[str]:
        app = Probe(cut=False)
        async with app.run_test() as pilot:
            moves = app.query_one(MoveList)
            moves.hang = 2
            moves.set_options([Content("1 Pay 9 coins: blue + purple + 1 road\n+4.2 points"),
                               Content("2 Pass")])
            await pilot.pause()
            assert moves.get_content_height(moves.size, moves.size, 20) == 5
            return rows(moves)

    assert asyncio.run(main()) == ["1 Pay 9 coins:", "  blue + purple + 1", "  road", "  +4.2 points", "2 Pass"]


def test_new_options_replace_the_old_and_start_at_the_top() -> None:
    async def main() -> None:
        app = Probe()
        async with app.run_test() as pilot:
            moves = app.query_one(MoveList)
            moves.set_options([Content(f"Move {n}") for n in range(12)])
            moves.focus()
            await pilot.press("end")
            await pilot.pause()
            moves.set_options([Content("Only")])
            await pilot.pause()
            assert moves.highlighted == 0 and moves.scroll_offset.y == 0
            assert rows(moves) == ["Only", "", "", "", ""]
            assert moves.virtual_size.height == 1
            moves.set_options([])
            await pilot.pause()
            assert moves.highlighted is None and moves.option_count == 0
            await pilot.press("down", "enter")
            assert app.chosen == []

    asyncio.run(main())


def test_the_filter_matches_word_beginnings_in_order() -> None:
    from tui.widgets.action_list import matches

    def hits(typed: str, text: str) -> bool:
        return matches(typed.lower().split(), text)

    assert hits("row 4", "Row 4, col 1: build the Shop")
    assert not hits("row 4", "Row 1, col 4: build the Shop"), "the words follow each other"
    assert hits("architect 4 s3", "Architect 4 → S3 (takes Shop)"), "punctuation is ignored"
    assert hits("elect pi", "Coast: elect pink (+4 coins)")
    assert not hits("ink", "Coast: elect pink (+4 coins)"), "words are matched from their start"
    assert hits("arag", "Place in Aragón") and hits("", "anything")
    assert not hits("pink coast", "Coast: elect pink")


def test_the_highlight_is_drawn_only_while_the_keys_are_in_the_list_or_its_filter() -> None:
    """On the board, no move of the list looks chosen (a newcomer read the highlighted
    move as the one the board's cursor would play); m or Enter on a place shows it."""
    from tests.tui.helpers import open_game, random_table
    from tui.app import MeepleApp

    async def main() -> None:
        app = MeepleApp(bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await open_game(pilot, random_table("council", ("human", "human"), seed=2))
            moves = screen.query_one("#action-options", MoveList)
            lit = moves.get_visual_style("move-list--option", "move-list--highlighted").rich_style

            def first_row_lit() -> bool:
                return any(segment.style == lit for segment in moves.render_line(0)._segments)

            await pilot.pause()
            assert moves.highlighted == 0 and not first_row_lit()
            await pilot.press("m")  # the filter box: Enter would play the first move
            await pilot.pause()
            assert first_row_lit()
            await pilot.press("escape")
            await pilot.pause()
            assert not first_row_lit()

    asyncio.run(main())
