"""The log: the last public events as one line each (``log.*`` keys), and its panel."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.match.match import FeedItem
from game.rules.bombdeck import events as E
from game.ui import theme
from game.ui.bombdeck.names import Namer
from game.ui.draw import round_rect
from game.ui.text import draw_text, fit_line, wrap_text

LOG_LINES = 6


def _drawn(namer: Namer, ev: E.CardDrawn, viewer: int | None) -> str:
    if ev.card is not None and viewer == ev.seat:
        key = "log.drew_private_bottom" if ev.bottom else "log.drew_private"
        return namer.t(key, card=namer.card(ev.card))
    key = "log.drew_public_bottom" if ev.bottom else "log.drew_public"
    return namer.t(key, player=namer.seat(ev.seat))


def _played(namer: Namer, ev: E.CardPlayed) -> str:
    player = namer.seat(ev.seat)
    card = namer.card(ev.cards[0])
    if ev.verb == "pair":
        return namer.t("log.pair", player=player, card=card, target=namer.seat(ev.target or 0))
    if ev.verb == "trio":
        return namer.t("log.trio", player=player, card=card, target=namer.seat(ev.target or 0),
                       named=namer.card(ev.named or ""))
    if ev.cards[0] == "shield":
        return namer.t("log.shield_up", player=player, card=card)
    if ev.target is not None:
        return namer.t("log.played_at", player=player, card=card, target=namer.seat(ev.target))
    return namer.t("log.played", player=player, card=card)


def _taken(namer: Namer, ev: E.CardTaken, viewer: int | None) -> str:
    giver, taker = namer.seat(ev.giver), namer.seat(ev.taker)
    card = namer.card(ev.card) if ev.card is not None else ""
    if ev.how == "trio" or ev.secret_to is None:
        return namer.t("log.took_named", taker=taker, card=card, giver=giver)
    seen = ev.card is not None
    if ev.how == "favor":
        if seen and viewer == ev.giver:
            return namer.t("log.gave_private", card=card, taker=taker)
        if seen and viewer == ev.taker:
            return namer.t("log.given_to_you", giver=giver, card=card)
        return namer.t("log.gave_public", giver=giver, taker=taker)
    if seen and viewer == ev.taker:
        return namer.t("log.took_private", card=card, giver=giver)
    if seen and viewer == ev.giver:
        return namer.t("log.taken_from_you", taker=taker, card=card)
    return namer.t("log.took_public", taker=taker, giver=giver)


def line_for(namer: Namer, ev: E.BombEvent, viewer: int | None) -> str | None:
    """One event as ``viewer`` may read it (``None``: the public); ``None`` for events the log
    leaves out (an ordinary turn change: the banner already says whose turn it is)."""
    if isinstance(ev, E.CardPlayed):
        return _played(namer, ev)
    if isinstance(ev, E.Noped):
        # "answered with Nope!" (log.nope adds its own "!" after the card's)
        return namer.t("log.answered", player=namer.seat(ev.seat), card=namer.card("nope"))
    if isinstance(ev, E.WindowClosed):
        return namer.t("log.window_cancelled" if ev.cancelled else "log.window_acts")
    if isinstance(ev, E.CardDrawn):
        return _drawn(namer, ev, viewer)
    bomb = namer.card("bomb")
    if isinstance(ev, E.BombDrawn):
        if ev.defused:
            return namer.t("log.bomb_defused", player=namer.seat(ev.seat), bomb=bomb,
                           defuse=namer.card("defuse"))
        return namer.t("log.bomb_drawn", player=namer.seat(ev.seat), bomb=bomb)
    if isinstance(ev, E.BombHidden):
        # Only the hider ever sees where: the table shows the public line to everyone.
        return namer.t("log.bomb_hidden_public", player=namer.seat(ev.seat), bomb=bomb)
    if isinstance(ev, E.PlayerExploded):
        return namer.t("log.exploded", player=namer.seat(ev.seat))
    if isinstance(ev, E.CardTaken):
        return _taken(namer, ev, viewer)
    if isinstance(ev, E.FutureSeen):
        if viewer == ev.seat and ev.secret_to is not None and viewer in ev.secret_to:
            if not ev.cards:
                return namer.t("log.future_empty")
            return namer.t("log.future_private", cards=namer.cards(ev.cards))
        return namer.t("log.future_public", player=namer.seat(ev.seat))
    if isinstance(ev, E.DeckShuffled):
        return namer.t("log.shuffled", player=namer.seat(ev.seat))
    if isinstance(ev, E.ShieldSpent):
        return namer.t("log.shield_spent", player=namer.seat(ev.seat),
                       shield=namer.card("shield"), card=namer.card(ev.stopped))
    if isinstance(ev, E.FavorAsked):
        return namer.t("log.favor_asked", taker=namer.seat(ev.taker),
                       giver=namer.seat(ev.giver))
    if isinstance(ev, E.TurnBegan):
        if ev.turns_owed <= 1:
            return None
        return namer.plural("log.turn", ev.turns_owed, player=namer.seat(ev.seat))
    if isinstance(ev, E.GameOver):
        return namer.t("log.game_over", player=namer.seat(ev.winner))
    return None


def log_lines(namer: Namer, items: Sequence[FeedItem], viewer: int | None,
              keep: int = LOG_LINES) -> list[tuple[str, E.BombEvent]]:
    """The last ``keep`` lines of ``items`` (oldest first), with the event of each line. A trio
    whose window let it act but that found nothing gets its own line (there is no event)."""
    lines: list[tuple[str, E.BombEvent]] = []
    pending: E.CardPlayed | None = None
    noped = False
    for i, item in enumerate(items):
        ev = item.event
        text = line_for(namer, ev, viewer)
        if isinstance(ev, E.Noped):
            noped = True
        if isinstance(ev, E.WindowClosed) and not ev.cancelled and not noped:
            text = None  # a play nobody answered: "it goes ahead" is only news after a nope
        if text is not None:
            lines.append((text, ev))
        if isinstance(ev, E.CardPlayed):
            pending = ev
            noped = False
        elif isinstance(ev, E.WindowClosed):
            if not ev.cancelled and pending is not None and pending.verb == "trio":
                nxt = items[i + 1].event if i + 1 < len(items) else None
                if not isinstance(nxt, E.CardTaken):
                    lines.append((namer.t("log.trio_nothing",
                                          target=namer.seat(pending.target or 0),
                                          card=namer.card(pending.named or "")), ev))
            pending = None
    return lines[-keep:]


LINE_H = 30


def draw_log(surface: pygame.Surface, rect: pygame.Rect, title: str,
             lines: Sequence[str]) -> None:
    """A calm translucent panel: the heading and the lines, newest at the bottom and brightest.
    A long line wraps to two rows (the older lines give way)."""
    round_rect(surface, rect, theme.BG_DEEP, 14, 150)
    draw_text(surface, title, (rect.left + 14, rect.top + 8), theme.TEXT_MIN, theme.INK_DIM,
              bold=True)
    width = rect.width - 28
    rows: list[tuple[str, int]] = []
    for age, text in enumerate(reversed(lines)):
        wrapped = wrap_text(text, theme.TEXT_MIN, width)
        if len(wrapped) > 2:
            wrapped = [wrapped[0], " ".join(wrapped[1:])]
        rows[:0] = [(row, age) for row in wrapped]
    room = max(0, (rect.height - 40) // LINE_H)
    rows = rows[-room:] if room else []
    y = rect.top + 36
    for row, age in rows:
        color = theme.INK if age == 0 else theme.mix(theme.INK_DIM, theme.BG, min(0.45, age * 0.1))
        surface.blit(fit_line(row, theme.TEXT_MIN, width, color), (rect.left + 14, y))
        y += LINE_H
