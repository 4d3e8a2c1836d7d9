"""A scrollbar look whose thumb reads as one piece in every theme and terminal."""

from __future__ import annotations

from typing import ClassVar

from rich.color import Color
from rich.segment import Segment, Segments
from rich.style import Style
from textual.scrollbar import ScrollBarRender
from textual.widget import Widget


class SolidThumb(ScrollBarRender):
    """A vertical scrollbar whose thumb is whole cells drawn with a glyph (``█``).

    Textual draws a thumb's body as blank cells told apart from the track by their
    background alone, and its two ends with ⅛-block glyphs (``▂▂`` … ``▇▇``): where that
    background hardly differs from the track (some themes, monochrome terminals, screen
    text) a player sees the two ends as two thumbs. Here the thumb is one run of glyphs.
    """

    GLYPH: ClassVar[str] = "█"

    @classmethod
    def render_bar(
        cls,
        size: int = 25,
        virtual_size: float = 50,
        window_size: float = 20,
        position: float = 0,
        thickness: int = 1,
        vertical: bool = True,
        back_color: Color = Color.parse("#555555"),
        bar_color: Color = Color.parse("bright_magenta"),
    ) -> Segments:
        """The bar's segments: the track, with the thumb where the window is."""
        if not vertical or not (window_size and size and virtual_size and size != virtual_size):
            return super().render_bar(
                size, virtual_size, window_size, position, thickness, vertical, back_color, bar_color
            )
        thumb = min(size, max(1, round(window_size * size / virtual_size)))
        start = round((size - thumb) * min(1.0, max(0.0, position / (virtual_size - window_size))))
        upper = Segment(" " * thickness, Style(bgcolor=back_color, meta={"@mouse.down": "scroll_up"}))
        lower = Segment(" " * thickness, Style(bgcolor=back_color, meta={"@mouse.down": "scroll_down"}))
        grab = Segment(
            cls.GLYPH * thickness, Style(color=bar_color, bgcolor=back_color, meta={"@mouse.down": "grab"})
        )
        segments = [upper] * start + [grab] * thumb + [lower] * (size - start - thumb)
        return Segments(segments, new_lines=True)


def use_solid_thumb(widget: Widget) -> None:
    """Draw ``widget``'s vertical scrollbar with :class:`SolidThumb` (Textual's documented
    way to change one scrollbar's look: set ``renderer`` on that instance)."""
    widget.vertical_scrollbar.renderer = SolidThumb  # type: ignore[misc]  # the ClassVar is meant to be set per instance (textual.scrollbar.ScrollBar.renderer)
