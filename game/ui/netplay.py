"""Opening a table to the network from the screens, and opening a joined table's screen.

The host's screen joins its own table like any other computer (``game.net.hosting``): its
people's seats are kept for it, it reads a :class:`~game.net.remote.RemoteMatch`, and the table
runs on the server's thread. Here: making the table from the new-game screen's choices, the
link of the host's own screen, and the family's table scene for a joined match.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from game.core.config import GameConfig, SeatKind
from game.core.errors import MechaCortaError
from game.match.autosave import Autosaver, Unfinished
from game.match.flow import Pace
from game.net.client import Joiner
from game.net.host import REMOTE, TABLE_FILE, TablePlan
from game.net.hosting import LOCAL_TOKEN_FILE, Opened, ServerThread, open_hosted
from game.net.link import Link
from game.net.remote import RemoteMatch
from game.net.run import HOST_FOLDER
from game.net.tls import NotEncrypted, client_context, normalise_fingerprint, peer_fingerprint
from game.ui.registry import ui_kit_for

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.scene import Scene

log = logging.getLogger(__name__)


def plan_of(config: GameConfig, network: set[int]) -> tuple[TablePlan, tuple[int, ...]]:
    """The table to host: ``network`` seats for other computers; the other people's seats
    are this computer's (kept for its own screen); returns the plan and those seats."""
    seats = []
    local = []
    for seat, kind in enumerate(config.seats):
        if kind is SeatKind.PERSON:
            seats.append(REMOTE)
            if seat not in network:
                local.append(seat)
        else:
            seats.append(kind.value)
    return TablePlan(config.game, tuple(seats), config.options), tuple(local)


def open_network_table(app: App, config: GameConfig, network: set[int], name: str
                       ) -> tuple[ServerThread, Opened, Link]:
    """Start the server of a new table and the host's own screen's link to it. Raises
    ``OSError`` when the network says no (no free port, no address)."""
    from game.ui.launch import save_folder

    plan, local = plan_of(config, network)
    settings = app.settings
    pace = Pace.for_speed(settings.machine_speed, settings.reaction_seconds)
    thread, opened = open_hosted(plan, save_folder(app), pace, local, name)
    link = own_link(opened, name, len(local))
    return thread, opened, link


def own_link(opened: Opened, name: str, seats: int) -> Link:
    """The host's screen's connection to its own table (pinned to its own certificate)."""
    expected = normalise_fingerprint(opened.fingerprint)

    def pin(tls: Any) -> None:
        if tls is None or peer_fingerprint(tls) != expected:
            raise NotEncrypted("the table on this computer is not the one just opened")

    url = f"wss://127.0.0.1:{opened.port}"
    return Link(lambda: Joiner(url, opened.code, name, opened.token,
                               ssl_context=client_context(), seats=seats,
                               check_peer=pin)).start()


def joined_table(app: App, remote: RemoteMatch) -> Scene[Any]:
    """The family's table for a match that runs on another computer (or on this one's server
    thread): it reads the match the host describes, writes no save of its own."""
    return ui_kit_for(remote.config.game).table(app, remote, autosaver=None, resume=None,
                                                show_code=False)


def hosted_unfinished(app: App) -> Unfinished | None:
    """The table this computer was hosting when it stopped (a crash, a closed window), to be
    offered on the title like an unfinished game; ``None`` when there is none. A damaged one
    raises ``DamagedSave`` as the unfinished game's does."""
    from game.ui.launch import save_folder

    folder = save_folder(app) / HOST_FOLDER
    if not (folder / TABLE_FILE).exists() or not (folder / LOCAL_TOKEN_FILE).exists():
        return None
    found = Autosaver(folder, read_only=not app.persist).load_unfinished()
    return None if found is None else replace(found, hosted=True)


def resume_network_table(app: App) -> None:
    """Open the hosted table again on its port, and this screen's seats with it (the lobby
    goes straight on to the table: the game had started)."""
    from game.ui.launch import save_folder
    from game.ui.scenes.lobby import LobbyScene

    settings = app.settings
    pace = Pace.for_speed(settings.machine_speed, settings.reaction_seconds)
    try:
        thread, opened = open_hosted(None, save_folder(app), pace, (), "", resume=True)
    except (OSError, MechaCortaError) as error:
        log.warning("the network table cannot be opened again: %s", error)
        return
    people = thread.call(lambda: [s for s, net in thread.table.seats.items()
                                  if net.token == opened.token])
    names = thread.call(lambda: [thread.table.seats[s].name for s in people])
    name = names[0].rsplit(" ", 1)[0] if len(names) > 1 else (names[0] if names else "")
    link = own_link(opened, name, len(people))
    app.push(LobbyScene(app, thread, opened, link, name))
