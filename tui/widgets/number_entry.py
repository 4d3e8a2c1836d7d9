"""A one-line entry for a whole amount within a legal range (a bid, a payment).

It shows ``Bid $ 9  legal $7–$23``: Up and Down change the amount by 1, Page Up and Page
Down by 5 (always kept within the range), digits type an amount (Backspace takes the last
digit back). A typed amount outside the range is shown with what is wrong with it and is
never submitted. Enter posts :class:`NumberEntry.Submitted` with the amount, Escape posts
:class:`NumberEntry.Cancelled`; the owner decides what either means. Messages go up,
attributes come down: the entry never calls into its screen.

The look is in CSS (``number_entry.tcss``, listed by the screens that use it): the amount
is the component class ``number-entry--value`` (a cursor when focused), the range
``number-entry--hint`` and a problem ``number-entry--problem``.
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from textual import events
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.message import Message
from textual.reactive import reactive
from textual.style import Style
from textual.widget import Widget

DIGITS = "0123456789"
MAX_DIGITS = 6
"""At most this many digits are typed (a longer amount is never legal here)."""


class NumberEntry(Widget, can_focus=True):
    """A whole amount from :attr:`low` to :attr:`high`, changed by keys, chosen by Enter.

    ``label`` leads the line ("Bid"), ``unit`` is written before each amount ("$"), and
    ``submit`` names what Enter does in the key bar ("Bid").
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "step(1)", "±1", key_display="↑↓"),
        Binding("down", "step(-1)", "-1", show=False),
        Binding("pageup", "step(5)", "±5", key_display="PgUp/Dn"),
        Binding("pagedown", "step(-5)", "-5", show=False),
        Binding("0", "digit('0')", "Type", key_display="0-9"),
        *[Binding(d, f"digit('{d}')", "Type", show=False) for d in DIGITS[1:]],
        Binding("backspace", "erase", "Erase", show=False),
        Binding("home", "step(-1000000)", "Lowest", show=False),
        Binding("end", "step(1000000)", "Highest", show=False),
        Binding("enter", "submit", "OK"),
        Binding("escape", "cancel", "Cancel"),
    ]
    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "number-entry--value", "number-entry--hint", "number-entry--problem",
    }

    low: reactive[int] = reactive(0, init=False)
    """The lowest legal amount."""
    high: reactive[int] = reactive(0, init=False)
    """The highest legal amount (below :attr:`low`: no amount is legal)."""
    value: reactive[int] = reactive(0, init=False)
    """The amount shown and submitted (always within the range when there is one)."""
    typed: reactive[str] = reactive("", init=False)
    """Digits typed since the last arrow or submit ("" when not typing)."""
    refused: reactive[bool] = reactive(False, init=False)
    """Enter was pressed on a typed amount that is not legal (it was not submitted)."""

    class Submitted(Message):
        """Enter chose ``value`` (always within the range)."""

        def __init__(self, entry: NumberEntry, value: int) -> None:
            super().__init__()
            self.entry = entry
            self.value = value

        @property
        def control(self) -> NumberEntry:
            """The entry (what ``@on(..., selector)`` matches)."""
            return self.entry

    class Cancelled(Message):
        """Escape: the player leaves the entry without choosing."""

        def __init__(self, entry: NumberEntry) -> None:
            super().__init__()
            self.entry = entry

        @property
        def control(self) -> NumberEntry:
            """The entry (what ``@on(..., selector)`` matches)."""
            return self.entry

    def __init__(self, label: str = "Amount", unit: str = "", submit: str = "OK", *,
                 id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.label = label
        self.unit = unit
        # What Enter and the steps are called in the key bar (the lists are replaced, not
        # changed: Textual shares them with every other entry).
        keys = self._bindings.key_to_bindings
        names = {"submit": submit, "step(1)": f"±{unit}1", "step(5)": f"±{unit}5"}
        for key, bindings in list(keys.items()):
            keys[key] = [dataclasses.replace(b, description=names[b.action]) if b.action in names else b
                         for b in bindings]

    # --- what the owner sets ----------------------------------------------------------------
    def set_range(self, low: int, high: int, value: int | None = None) -> None:
        """Offer the amounts ``low``..``high``, showing ``value`` (default: the amount shown
        now if it is still legal, else ``low``); anything typed is dropped."""
        self.set_reactive(NumberEntry.low, low)
        self.set_reactive(NumberEntry.high, high)
        start = self.value if value is None else value
        self.set_reactive(NumberEntry.value, self._clamp(start))
        self.set_reactive(NumberEntry.typed, "")
        self.set_reactive(NumberEntry.refused, False)
        self.refresh()

    @property
    def has_range(self) -> bool:
        """Whether any amount is legal."""
        return self.low <= self.high

    @property
    def problem(self) -> str:
        """What is wrong with the typed amount ("" when it is legal or nothing is typed)."""
        if not self.has_range:
            return "no amount is possible"
        if not self.typed:
            return ""
        amount = int(self.typed)
        if amount < self.low:
            return f"{self.unit}{amount} is below the lowest, {self.unit}{self.low}"
        if amount > self.high:
            return f"{self.unit}{amount} is above the highest, {self.unit}{self.high}"
        return ""

    def _clamp(self, amount: int) -> int:
        return max(self.low, min(self.high, amount)) if self.has_range else self.low

    # --- keys -------------------------------------------------------------------------------
    def action_step(self, delta: int) -> None:
        """Change the amount by ``delta`` within the range (from the typed amount, if any)."""
        start = int(self.typed) if self.typed else self.value
        self.typed = ""
        self.refused = False
        self.value = self._clamp(start + delta)

    def action_digit(self, digit: str) -> None:
        """Type a digit (a leading zero is dropped); a legal typed amount is the value."""
        typed = (self.typed + digit).lstrip("0") or "0"
        if len(typed) > MAX_DIGITS:
            self.app.bell()
            return
        self.refused = False
        self.typed = typed
        amount = int(typed)
        if self.has_range and self.low <= amount <= self.high:
            self.value = amount

    def action_erase(self) -> None:
        """Take back the last digit (of the amount shown, when nothing is typed yet)."""
        typed = (self.typed or str(self.value))[:-1]
        self.refused = False
        self.typed = typed
        if typed and self.has_range and self.low <= int(typed) <= self.high:
            self.value = int(typed)

    def action_submit(self) -> None:
        """Enter: post :class:`Submitted` with a legal amount; a typed amount outside the
        range is refused (shown, with a bell) and nothing is posted."""
        if self.problem:
            self.refused = True
            self.app.bell()
            return
        self.typed = ""
        self.post_message(self.Submitted(self, self.value))

    def action_cancel(self) -> None:
        """Escape: drop what was typed and post :class:`Cancelled`."""
        self.typed = ""
        self.refused = False
        self.post_message(self.Cancelled(self))

    def _on_paste(self, event: events.Paste) -> None:
        """Pasted digits are typed (anything else in the paste is left out)."""
        for char in event.text:
            if char in DIGITS:
                self.action_digit(char)

    # --- drawing ----------------------------------------------------------------------------
    def watch_value(self) -> None:
        self.refresh()

    def watch_typed(self) -> None:
        self.refresh()

    def watch_refused(self) -> None:
        self.refresh()

    def text(self) -> Content:
        """The line as shown: "Bid $ 9  legal $7–$23" (and what is wrong, if anything)."""
        unit = self.unit
        if not self.has_range:
            return Content.assemble(f"{self.label} ", Content.styled("no amount is possible", self._style("problem")))
        shown = self.typed if self.typed else str(self.value)
        width = max(len(str(self.high)), len(shown))
        amount = Content.styled(f" {shown:>{width}} ", self._style("value"))
        problem = self.problem
        if problem:
            hint = Content.assemble(
                "✗ " if self.refused else "",
                Content.styled(problem, self._style("problem")),
            )
        else:
            legal = f"legal {unit}{self.low}" if self.low == self.high else f"legal {unit}{self.low}–{unit}{self.high}"
            hint = Content.styled(legal, self._style("hint"))
        return Content.assemble(f"{self.label} {unit}", amount, "  ", hint)

    def _style(self, part: str) -> Style:
        """The CSS of component ``part`` (``number-entry--<part>``) as a style for
        :class:`Content`; Textual's visual style leaves out ``reverse``, which the Rich
        style of the same component keeps (as on the board pictures)."""
        name = f"number-entry--{part}"
        style = self.get_visual_style(name, partial=True)
        if self.get_component_rich_style(name, partial=True).reverse:
            style = style + Style(reverse=True)
        return style

    def render(self) -> Content:
        """The line (see :meth:`text`)."""
        return self.text()
