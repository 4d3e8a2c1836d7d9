"""The page a browser is given: xterm.js (textual-serve's bundle) filling the window.

textual-serve's own page loads a font from Google and builds its URLs from the address the
server was started with; this one loads nothing from elsewhere and takes every URL from
the request, so it works behind a proxy and under whatever name the player typed. When
the session ends, a bar at the bottom offers a new one and leaves the terminal's last
lines (the server's reason, if it closed the session) readable above it.
"""

from __future__ import annotations

from html import escape

_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{title}</title>
<link rel="stylesheet" href="{static}css/xterm.css">
<script src="{static}js/textual.js"></script>
<style>
  html, body {{ margin: 0; height: 100%; background: #0c181f; color: #eee;
    font-family: monospace; }}
  #terminal {{ position: absolute; inset: 0; }}
  .ended {{ display: none; position: fixed; left: 0; right: 0; bottom: 0; z-index: 10;
    padding: 8px 16px; background: #12232d; align-items: center; gap: 16px; }}
  body.-closed .ended {{ display: flex; }}
  .ended a {{ padding: 6px 18px; background: #5e0ba7; color: #fff; text-decoration: none; }}
</style>
</head>
<body>
<div id="terminal" class="textual-terminal" data-session-websocket-url="{websocket}"
     data-font-size="{font_size}"></div>
<div class="ended"><span>Session ended.</span>
  <a href="/">Start again</a></div>
</body>
</html>
"""


def page(title: str, static_url: str, websocket_url: str, font_size: int) -> str:
    """The page's HTML, every value escaped."""
    return _PAGE.format(title=escape(title), static=escape(static_url, quote=True),
                        websocket=escape(websocket_url, quote=True), font_size=int(font_size))
