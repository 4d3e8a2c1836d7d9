"""A hub table's files, table by table: restore one (:func:`restore_table`) and save one
after every change (:func:`save_table_files`), on top of :mod:`net.hub_store` (the files'
formats) and :mod:`saves` (the game itself, an ordinary Meeple save).

The save is written before the metadata, so a hub killed between the two leaves a game
one step ahead of its metadata, never behind: :func:`restore_table` reconciles the seats.
"""

from __future__ import annotations

import logging
from datetime import datetime, timezone

from core.registry import get_game
from core.table import parse_options
from net.hub_store import HubStore, SeatInfo, StoreError
from net.hub_tables import NetTable
from saves.resume import open_save
from saves.store import save_table

log = logging.getLogger("meeple.hub")


def restore_table(store: HubStore, table_id: str) -> NetTable:
    """The table ``table_id`` as its files left it; raises on any problem (the save's own
    :class:`~saves.format.SaveError`, :class:`StoreError`, an unknown game...)."""
    meta = store.load_meta(table_id)
    game = get_game(meta.game)
    meta.options = parse_options(game, meta.options, len(meta.seats))
    nt = NetTable(meta, game)
    nt.written_meta = meta.to_plain()
    if not meta.started:
        return nt
    loaded = open_save(store.save_path(table_id))
    if loaded.warning:
        log.warning("table %s: %s", table_id, loaded.warning)
    table = loaded.table
    if table.game is not game or len(table.seats) != len(meta.seats):
        raise StoreError("the save does not match the table's seats or game")
    nt.table = table
    for index, seat in enumerate(table.seats):
        # A seat handed to a bot in either file is a bot's (the save is written first).
        if seat.controller.kind == "bot" and meta.seats[index].kind != "bot":
            meta.seats[index] = SeatInfo("bot", meta.seats[index].key, seat.controller.level, seat.name)
        elif meta.seats[index].kind == "bot" and seat.controller.kind != "bot":
            nt.hand_to_bot(index, meta.seats[index].level)
        elif meta.seats[index].kind == "open":
            raise StoreError("a running game has an open seat")
    return nt


def save_table_files(store: HubStore, nt: NetTable) -> None:
    """Write the table's game (once started) then its metadata; failures are logged."""
    if nt.table is not None:
        created = datetime.fromtimestamp(nt.meta.created, timezone.utc)
        try:
            save_table(nt.table, store.save_path(nt.id), f"{nt.game.info.title} {nt.id}", created=created)
        except Exception as exc:  # SaveError, or a game failing to encode itself
            log.error("table %s not saved: %s", nt.id, exc)
    save_meta(store, nt)


def save_meta(store: HubStore, nt: NetTable) -> None:
    """Write the table's metadata if it changed since last written; a failure is logged."""
    plain = nt.meta.to_plain()
    if plain == nt.written_meta:
        return  # most moves change only the game: one fsync saved per move
    try:
        store.save_meta(nt.meta)
    except OSError as exc:
        log.error("table %s metadata not saved: %s", nt.id, exc)
    else:
        nt.written_meta = plain
