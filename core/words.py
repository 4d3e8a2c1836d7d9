"""Player-facing wording shared by every game's texts (prompts, reasons, panels)."""

from __future__ import annotations


def counted(number: int, noun: str) -> str:
    """``number`` with ``noun`` in the right number: "1 coin", "3 coins", "0 servants".

    >>> counted(1, "coin")
    '1 coin'
    >>> counted(3, "coin")
    '3 coins'
    >>> counted(0, "servant")
    '0 servants'
    """
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


REASON_WIDTH = 70
"""The most characters a coach's reason should take (the hint panel wraps it in 28 columns)."""


def fit(*variants: str, width: int = REASON_WIDTH) -> str:
    """The first of ``variants`` (longest, most telling first) that fits in ``width``
    characters, else the last one cut to ``width`` with an ellipsis: a reason that names a
    player or a long region keeps its point and drops its detail.

    >>> fit("wins the majority in Aragón (5 pts at the next scoring)", "wins Aragón", width=20)
    'wins Aragón'
    >>> fit("a very long sentence indeed", width=10)
    'a very lo…'
    """
    for text in variants:
        if len(text) <= width:
            return text
    last = variants[-1] if variants else ""
    return last if len(last) <= width else last[: width - 1].rstrip() + "…"


# Unicode's "control pictures" stand in for the C0 controls and DEL: visible, one cell wide.
_PICTURES = {code: chr(0x2400 + code) for code in range(32)} | {0x7F: "\u2421"}
_BIDI_AND_SEPARATORS = frozenset(
    [0x061C, 0x200E, 0x200F, 0x2028, 0x2029, *range(0x202A, 0x202F), *range(0x2066, 0x206A)]
)


def visible(text: str) -> str:
    """``text`` with every control character made visible, safe to show on any terminal.

    C0 controls and DEL become their control pictures (ESC is "␛"), C1 controls, bidi
    overrides and line separators become ``\\u`` escapes, and the stand-ins Python uses
    for undecodable bytes in file names become ``\\x`` escapes of those bytes. Nothing
    that reaches a terminal from a file, a player or the network can then act on it.

    >>> visible("Bo\\x1b]0;owned\\x07")
    'Bo␛]0;owned␇'
    >>> visible("plain text stays")
    'plain text stays'
    """
    if text.isprintable() and text.isascii():
        return text
    out = []
    for ch in text:
        code = ord(ch)
        if code in _PICTURES:
            out.append(_PICTURES[code])
        elif 0xDC80 <= code <= 0xDCFF:
            out.append(f"\\x{code - 0xDC00:02x}")
        elif 0x80 <= code < 0xA0 or code in _BIDI_AND_SEPARATORS or 0xD800 <= code < 0xE000:
            out.append(f"\\u{code:04x}")
        else:
            out.append(ch)
    return "".join(out)
