"""The key bar: the keys of the focused widget and its screen, on the bottom line.

It looks like Textual's ``Footer`` but is one widget drawn as one line of text. The
``Footer`` builds a widget per key and rebuilds them all whenever the keys change — on
every focus change, such as Enter opening the move list — which cost more than the rest
of the key's answer together. Here a change of keys redraws one line, and only if its
text changed. A click on a key presses it, as on the ``Footer``.
"""

from __future__ import annotations

from textual.binding import Binding
from textual.content import Content
from textual.screen import Screen
from textual import events
from textual.widgets import Static

KEY_STYLE = "bold $footer-key-foreground on $footer-key-background"
DESCRIPTION_STYLE = "$footer-description-foreground on $footer-description-background"


class KeyBar(Static):
    """One line: `` ⏎ Choose  ^z Undo …`` and the command palette's key on the right."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__("", id=id, classes=classes, markup=False)
        self._shown: Content | None = None
        self._spans: list[tuple[int, int, str]] = []  # (first cell, end cell, key) per key

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)
        self.call_after_refresh(self.show_keys)

    def _bindings_changed(self, screen: Screen[object]) -> None:
        if self.is_attached and screen is self.screen:
            self.show_keys()

    def keys(self) -> list[tuple[str, Binding, bool]]:
        """(key, binding, enabled) of each shown binding, one per action, in screen order,
        and the command palette's key (shown on the right, as Textual's footer does)."""
        palette = self.app.COMMAND_PALETTE_BINDING if self.app.ENABLE_COMMAND_PALETTE else ""
        seen: set[str] = set()
        out = []
        for key, active in self.screen.active_bindings.items():
            binding = active.binding
            if (not binding.show and key != palette) or binding.action in seen:
                continue
            seen.add(binding.action)
            out.append((key, binding, active.enabled))
        return out

    def show_keys(self) -> None:
        """Draw the keys now active (nothing is sent when they are the same as before)."""
        app = self.app
        palette = app.COMMAND_PALETTE_BINDING if app.ENABLE_COMMAND_PALETTE else ""
        parts: list[tuple[str, Content]] = []
        right: list[tuple[str, Content]] = []
        helps: set[str] = set()
        for key, binding, enabled in self.keys():
            dim = "" if enabled else " dim"
            lead = "" if key == palette else " "  # the palette's key sits against its bar
            piece = Content.assemble(
                (f"{lead}{app.get_key_display(binding)} ", KEY_STYLE + dim),
                (f"{binding.description} ", DESCRIPTION_STYLE + dim),
            )
            (right if key == palette else parts).append((key, piece))
            if "help" in binding.action:
                helps.add(key)
        width = self.size.width
        # Keys that do not fit are left out whole (the help lists them all), never cut;
        # the help key itself stays.
        while sum(p.cell_length for _, p in parts) > width:
            droppable = [i for i, (key, _) in enumerate(parts) if key not in helps]
            if not droppable:
                break
            del parts[droppable[-1]]
        used = sum(p.cell_length for _, p in parts) + sum(p.cell_length for _, p in right)
        if right and used + 1 <= width:  # no room: the palette is in the help
            gap = width - used - 1
            parts.append(("", Content.assemble(" " * gap, ("▏", "$foreground 20%"))))
            parts += right
        self._spans = []
        x = 0
        for key, piece in parts:
            if key:
                self._spans.append((x, x + piece.cell_length, key))
            x += piece.cell_length
        line = Content("").join(piece for _, piece in parts)
        if line == self._shown:
            return
        self._shown = line
        self.update(line, layout=False)

    def on_click(self, event: events.Click) -> None:
        """A click on a key presses it, as on Textual's footer."""
        for start, end, key in self._spans:
            if start <= event.x < end:
                self.app.simulate_key(key)
                return

    def on_resize(self) -> None:
        self._shown = None
        self.show_keys()

