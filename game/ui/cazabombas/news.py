"""The latest news of a mission in one voice: a line per event that says something (turns
and the end are said elsewhere). Only what the viewer may know is in the events it gets: a
missed cut never says which own wire was meant."""

from __future__ import annotations

from collections.abc import Sequence

from game.match.match import FeedItem
from game.rules.cazabombas import actions as A
from game.rules.cazabombas import events as E
from game.rules.cazabombas.wires import class_of
from game.ui.cazabombas.names import Namer


def news_line(namer: Namer, event: object, you: int | None = None) -> str | None:
    """The line ``event`` says, ``None`` for one that says nothing here; ``you``: the seat of
    the one person at this screen (their stand is "your stand", as their panel says "You")."""
    if isinstance(event, E.TokenPlaced):
        player = namer.seat(event.seat)
        if event.why == "setup":
            return namer.t("cazabombas.news.token", player=player,
                           value=namer.value(event.value))
        if event.why == "post_it":
            return namer.t("cazabombas.news.post_it", player=player,
                           value=namer.value(event.value))
        return None  # a miss: said with the miss
    if isinstance(event, E.WiresCut):
        player = namer.seat(event.seat)
        if not event.wires:
            return None
        value = namer.value(class_of(event.wires[0][2]))
        if event.verb == A.SOLO_CUT:
            return namer.t("cazabombas.news.solo", player=player, value=value)
        if event.verb == A.REVEAL_REDS:
            return namer.t("cazabombas.news.reveal", player=player)
        owner = _owner(namer, event)
        if you is not None and owner == you:
            return namer.t("cazabombas.news.right_yours", player=player, value=value)
        return namer.t("cazabombas.news.right", player=player, value=value,
                       target=namer.seat(owner))
    if isinstance(event, E.CutMissed):
        player = namer.seat(event.seat)
        key = "cazabombas.news.wrong_stabilized" if event.stabilized else \
            "cazabombas.news.wrong"
        return namer.t(key, player=player, value=namer.values(event.values))
    if isinstance(event, E.Exploded):
        return namer.t("cazabombas.news.exploded")
    if isinstance(event, E.EquipmentUsed):
        return namer.t("cazabombas.news.equipment", player=namer.seat(event.seat),
                       card=namer.card(event.card))
    if isinstance(event, E.LabelPlaced):
        return namer.t("cazabombas.news.label", player=namer.seat(event.seat), kind=event.kind)
    if isinstance(event, E.RadarAnswered):
        holders = [seat for seat, has in enumerate(event.holders) if has]
        if not holders:
            return namer.t("cazabombas.news.radar_none", value=namer.value(event.value))
        return namer.t("cazabombas.news.radar", value=namer.value(event.value),
                       players=namer.seats(holders))
    if isinstance(event, E.DialMoved):
        return namer.t("cazabombas.news.rewind")
    if isinstance(event, E.DetectorsRecharged):
        return namer.t("cazabombas.news.recharged", players=namer.seats(event.seats))
    if isinstance(event, E.WiresSwapped):
        return namer.t("cazabombas.news.swapped", player=namer.seat(event.seat),
                       target=namer.seat(event.teammate))
    return None


def _owner(namer: Namer, event: E.WiresCut) -> int:
    """The seat whose stand the first wire of a cut lies on."""
    stand = event.wires[0][0]
    owner = namer.stand_owner
    return owner[stand] if 0 <= stand < len(owner) else event.seat


def news_lines(namer: Namer, items: Sequence[FeedItem], most: int,
               you: int | None = None) -> list[str]:
    """The last ``most`` lines of news, oldest first."""
    lines: list[str] = []
    for item in reversed(items):
        line = news_line(namer, item.event, you)
        if line:
            lines.append(line)
            if len(lines) >= most:
                break
    return list(reversed(lines))
