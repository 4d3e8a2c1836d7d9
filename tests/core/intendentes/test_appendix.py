"""The rules help's appendix lists every plan, event and deck block of the content."""

from __future__ import annotations

from core.intendentes import GAME
from core.intendentes.content import BLOCKS, DECK_SIZE, EVENTS, PLANS


def test_the_appendix_names_every_plan_event_and_block_once() -> None:
    text = GAME.rules_appendix()
    lines = text.splitlines()
    for plan in PLANS:
        assert sum(line.startswith(f"- **{plan.name}**") for line in lines) == 1, plan.name
        assert f"${plan.cost}, phase {plan.phase} " in next(l for l in lines if f"**{plan.name}**" in l)
    for event in EVENTS:
        assert sum(line.startswith(f"- **{event.name}**") for line in lines) == 1, event.name
    for block in BLOCKS[:DECK_SIZE]:
        assert sum(line.startswith(f"- {block.id} **{block.name}**") for line in lines) == 1, block.id
    assert "[" not in text, "no markup-like brackets in the rules text"
