"""Network play: the hub that owns network tables, its protocol, the SSH front door.

``meeple serve`` runs the SSH server (:mod:`net.server`) and the hub (:mod:`net.hub`) in one
asyncio process. Each SSH session gets its own Meeple app process on a pseudo-terminal;
that app talks to the hub over a local socket with the JSON-lines protocol of
:mod:`net.protocol` and never holds another seat's secrets.
"""
