"""The log: the last public events as one line each (``log.*`` keys), and its panel."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pygame

from game.match.match import FeedItem
from game.rules.bombdeck import events as E
from game.ui import fonts, gfx, theme
from game.ui.bombdeck import palette
from game.ui.bombdeck.names import Namer
from game.ui.bombdeck.palette import Color
from game.ui.draw import round_rect
from game.ui.named_text import draw_named_row
from game.ui.text import draw_text, wrap_text

LOG_LINES = 6


def _said(namer: Namer, key: str, seat: int, viewer: int | None, **params: object) -> str:
    """``key`` about ``seat`` in one voice: the ``_you`` form when the viewer is that seat
    ("You drew Bomb!"), else with the seat's name ("Crafty 2 drew Bomb!")."""
    if seat == viewer:
        return namer.t(f"{key}_you", **params)
    return namer.t(key, player=namer.seat(seat), **params)


def _drawn(namer: Namer, ev: E.CardDrawn, viewer: int | None) -> str:
    if ev.card is not None and viewer == ev.seat:
        key = "log.drew_private_bottom" if ev.bottom else "log.drew_private"
        return namer.t(key, card=namer.card(ev.card))
    key = "log.drew_public_bottom" if ev.bottom else "log.drew_public"
    return namer.t(key, player=namer.seat(ev.seat))


def _played(namer: Namer, ev: E.CardPlayed, viewer: int | None) -> str:
    card = namer.card(ev.cards[0])
    if ev.verb in ("pair", "trio"):
        params: dict[str, object] = {"card": namer.cards_of(ev.cards[0])}
        if ev.verb == "trio":
            params["named"] = namer.card(ev.named or "")
        target = ev.target or 0
        if target == viewer:
            return namer.t(f"log.{ev.verb}_on_you", player=namer.seat(ev.seat), **params)
        return _said(namer, f"log.{ev.verb}", ev.seat, viewer, target=namer.seat(target),
                     **params)
    if ev.cards[0] == "shield":
        return _said(namer, "log.shield_up", ev.seat, viewer, card=card)
    if ev.target is not None:
        if ev.target == viewer:
            return namer.t("log.played_on_you", player=namer.seat(ev.seat), card=card)
        return _said(namer, "log.played_at", ev.seat, viewer, card=card,
                     target=namer.seat(ev.target))
    return _said(namer, "log.played", ev.seat, viewer, card=card)


def _taken(namer: Namer, ev: E.CardTaken, viewer: int | None) -> str:
    """A card changing hands. The giver and the taker know the card (and everybody knows it
    when it is public: a trio's named card, a defuse); the others only that one went."""
    giver, taker = namer.seat(ev.giver), namer.seat(ev.taker)
    favor = ev.how == "favor"
    if ev.card is None:
        return namer.t("log.gave_public" if favor else "log.took_public", giver=giver,
                       taker=taker)
    card = namer.card(ev.card)
    if viewer == ev.taker:
        return namer.t("log.given_to_you" if favor else "log.took_private", giver=giver,
                       card=card)
    if viewer == ev.giver:
        return namer.t("log.gave_private" if favor else "log.taken_from_you", taker=taker,
                       card=card)
    if ev.how == "trio" or ev.secret_to is None:
        return namer.t("log.took_named", taker=taker, card=card, giver=giver)
    return namer.t("log.gave_public" if favor else "log.took_public", giver=giver,
                   taker=taker)


def line_for(namer: Namer, ev: E.BombEvent, viewer: int | None) -> str | None:
    """One event as ``viewer`` may read it (``None``: the public), in one voice: the viewer's
    own seat is always "you"; ``None`` for events the log leaves out (an ordinary turn change:
    the banner already says whose turn it is)."""
    if isinstance(ev, E.CardPlayed):
        return _played(namer, ev, viewer)
    if isinstance(ev, E.Noped):
        # "answered with Nope!" (Bombazo's card has its "!"); "respondeu com Não." (review 5:
        # Clásico's had no stop at all)
        said = _said(namer, "log.answered", ev.seat, viewer, card=namer.card("nope"))
        return said if said.endswith(("!", "?", ".", "…")) else said + "."
    if isinstance(ev, E.WindowClosed):
        return namer.t("log.window_cancelled" if ev.cancelled else "log.window_acts")
    if isinstance(ev, E.CardDrawn):
        return _drawn(namer, ev, viewer)
    bomb = namer.card("bomb")
    if isinstance(ev, E.BombDrawn):
        if ev.defused:
            return _said(namer, "log.bomb_defused", ev.seat, viewer, bomb=bomb,
                         defuse=namer.card("defuse"))
        return _said(namer, "log.bomb_drawn", ev.seat, viewer, bomb=bomb)
    if isinstance(ev, E.BombHidden):
        # Only the hider ever sees where: the table never writes it down.
        if ev.seat == viewer:
            return namer.t("log.bomb_hidden_you", bomb=bomb)
        return namer.t("log.bomb_hidden_public", player=namer.seat(ev.seat), bomb=bomb)
    if isinstance(ev, E.PlayerExploded):
        return _said(namer, "log.exploded", ev.seat, viewer)
    if isinstance(ev, E.CardTaken):
        return _taken(namer, ev, viewer)
    if isinstance(ev, E.FutureSeen):
        if viewer == ev.seat and ev.secret_to is not None and viewer in ev.secret_to:
            if not ev.cards:
                return namer.t("log.future_empty")
            return namer.t("log.future_private", cards=namer.cards(ev.cards))
        return namer.t("log.future_public", player=namer.seat(ev.seat))
    if isinstance(ev, E.DeckShuffled):
        return _said(namer, "log.shuffled", ev.seat, viewer)
    if isinstance(ev, E.ShieldSpent):
        return _said(namer, "log.shield_spent", ev.seat, viewer, shield=namer.card("shield"),
                     card=namer.card(ev.stopped))
    if isinstance(ev, E.FavorAsked):
        if ev.taker == viewer:
            return namer.t("log.favor_asked_you", giver=namer.seat(ev.giver))
        if ev.giver == viewer:
            return namer.t("log.favor_asked_of_you", taker=namer.seat(ev.taker))
        return namer.t("log.favor_asked", taker=namer.seat(ev.taker),
                       giver=namer.seat(ev.giver))
    if isinstance(ev, E.TurnBegan):
        if ev.turns_owed <= 1:
            return None
        if ev.seat == viewer:
            return namer.plural("log.turn_you", ev.turns_owed)
        return namer.plural("log.turn", ev.turns_owed, player=namer.seat(ev.seat))
    if isinstance(ev, E.GameOver):
        if ev.winner == viewer:
            return namer.t("log.game_over_you")
        return namer.t("log.game_over", player=namer.seat(ev.winner))
    return None


def _chain_end(namer: Namer, play: E.CardPlayed, nopes: int, cancelled: bool,
               viewer: int | None) -> str:
    """The outcome of a play that was answered, in one line with the play and how many nopes
    it took ("After 3 answers, Crafty 2's Attack goes ahead"): after a chain of answers
    nobody should have to count the lines above to know whether the Attack stands."""
    key = "log.chain_cancelled" if cancelled else "log.chain_acts"
    if play.verb in ("pair", "trio"):
        card = namer.t(f"log.chain_{play.verb}", card=namer.cards_of(play.cards[0]))
    else:
        card = namer.card(play.cards[0])
    if play.seat == viewer:
        return namer.plural(f"{key}_you", nopes, card=card)
    return namer.plural(key, nopes, card=card, player=namer.seat(play.seat))


def log_lines(namer: Namer, items: Sequence[FeedItem], viewer: int | None,
              keep: int = LOG_LINES) -> list[tuple[str, E.BombEvent]]:
    """The last ``keep`` lines of ``items`` (oldest first), with the event of each line. A trio
    whose window let it act but that found nothing gets its own line (there is no event)."""
    lines: list[tuple[str, E.BombEvent]] = []
    pending: E.CardPlayed | None = None
    noped = 0
    for i, item in enumerate(items):
        ev = item.event
        text = line_for(namer, ev, viewer)
        if isinstance(ev, E.Noped):
            noped += 1
        if isinstance(ev, E.WindowClosed):
            if not noped:
                # a play nobody answered: "it goes ahead" is only news after a nope
                text = None if not ev.cancelled else text
            elif pending is not None:
                text = _chain_end(namer, pending, noped, ev.cancelled, viewer)
        if text is not None:
            lines.append((text, ev))
        if isinstance(ev, E.CardPlayed):
            pending = ev
            noped = 0
        elif isinstance(ev, E.WindowClosed):
            if not ev.cancelled and pending is not None and pending.verb == "trio":
                nxt = items[i + 1].event if i + 1 < len(items) else None
                if not isinstance(nxt, E.CardTaken):
                    target = pending.target or 0
                    named = namer.card(pending.named or "")
                    text = namer.t("log.trio_nothing_you", card=named) if target == viewer \
                        else namer.t("log.trio_nothing", target=namer.seat(target), card=named)
                    lines.append((text, ev))
            pending = None
    return lines[-keep:]


LINE_H = 30
ENTRY_GAP = 4
"""A little air between two entries, so a wrapped one reads as one."""


_WRAPPED: dict[tuple[str, int, float, float], list[str]] = {}
"""Entries already wrapped (the panel is drawn again with each new entry, and all but one of
its entries were wrapped before): at most :data:`WRAPPED_MAX`, then forgotten at once."""
WRAPPED_MAX = 256


def _wrapped(text: str, width: int) -> list[str]:
    key = (text, width, gfx.scale(), fonts.text_factor)  # the fonts follow both
    found = _WRAPPED.get(key)
    if found is None:
        if len(_WRAPPED) >= WRAPPED_MAX:
            _WRAPPED.clear()
        found = _WRAPPED[key] = wrap_text(text, theme.TEXT_MIN, width)
    return found


def log_rows(lines: Sequence[str], width: int, height: int) -> list[tuple[str, int]]:
    """The rows the panel shows: (text, age) with age 0 the newest entry, oldest first. Only
    whole entries: a long one wraps onto as many rows as it needs, and an entry that no longer
    fits whole is left out rather than showing its tail (the newest always shows)."""
    rows: list[tuple[str, int]] = []
    used = 0
    for age, text in enumerate(reversed(lines)):
        wrapped = _wrapped(text, width)
        need = len(wrapped) * LINE_H + (ENTRY_GAP if rows else 0)
        if rows and used + need > height:
            break
        rows[:0] = [(row, age) for row in wrapped]
        used += need
    return rows


def ready_log(rect: pygame.Rect, lines: Sequence[str]) -> None:
    """The newest entry's rows rendered ahead in the colour they take once another entry comes
    after it (kept with the texts): the frame a play lands on drew the new entry and the last
    one again, in its new colour (0.2 ms of text at 1080p). For a frame where nothing moves."""
    if lines:
        for row in _wrapped(lines[-1], rect.width - 28):
            fonts.render(row, theme.TEXT_MIN, palette.LOG_OLD)


def draw_log(surface: pygame.Surface, rect: pygame.Rect, title: str,
             lines: Sequence[str], more: str = "",
             names: Mapping[str, Color] | None = None) -> None:
    """A calm translucent panel: the heading and the lines, newest at the bottom and brightest;
    ``more``: how to open the whole log (beside the heading); ``names``: each seat's name
    with its colour."""
    round_rect(surface, rect, palette.LOG_BG, 14, palette.LOG_ALPHA)
    head = draw_text(surface, title, (rect.left + 14, rect.top + 8), theme.TEXT_MIN,
                     palette.LOG_DIM, bold=True)
    if more:
        draw_text(surface, more, (rect.right - 14, rect.top + 8), theme.TEXT_MIN,
                  palette.LOG_DIM, anchor="topright", max_width=rect.right - head.right - 30)
    width = rect.width - 28
    rows = log_rows(lines, width, rect.height - 44)
    y = rect.top + 36
    last_age = rows[0][1] if rows else 0
    for row, age in rows:
        if age != last_age:
            y += ENTRY_GAP
            last_age = age
        color = palette.LOG_NEW if age == 0 else palette.LOG_OLD
        draw_named_row(surface, row, (rect.left + 14, y), theme.TEXT_MIN, width, color,
                       names or {})
        y += LINE_H
