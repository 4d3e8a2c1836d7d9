"""A session app's startup profile (MEEPLE_PROFILE, tui.startup_profile): its marks run
from the start to the first screen drawn, and it is written once that screen is the lobby."""

from __future__ import annotations

import json
from pathlib import Path

from net.hub import Hub
from tests.net import greet, run_hub
from tests.net.test_session_app import until
from tui.hub_app import HubApp
from tui.screens.lobby import LobbyScreen
from tui.startup_profile import StartupProfile


def test_a_named_person_s_session_writes_its_profile_once_the_lobby_is_drawn(tmp_path: Path) -> None:
    folder = tmp_path / "profiles"
    folder.mkdir()

    async def scenario(hub: Hub, path: Path) -> None:
        await greet(hub, path, "SHA256:ada", "Ada")
        app = HubApp(str(path), hub.issue_token("SHA256:ada"))
        app.profile = StartupProfile(folder, with_cprofile=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: app.profile is not None and app.profile.done, "the profile written")
            assert isinstance(app.screen, LobbyScreen)

    run_hub(tmp_path / "hub", scenario)
    [written] = list(folder.glob("*.json"))
    record = json.loads(written.read_text())
    names = [name for name, _ in record["marks"]]
    assert record["screen"] == "lobby"
    assert names[0] == "start" and names[-1] == "first frame"
    assert names.index("mounted") < names.index("hub welcome") < names.index("hub lobby")
    times = [at for _, at in record["marks"]]
    assert times == sorted(times)
