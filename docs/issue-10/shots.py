"""Before/after pictures of issue 10 (points 3-8): ``python docs/issue-10/shots.py PREFIX [DIR]``.

Each picture is a table set up in a fixed position (a seeded match, with the deck arranged where
a moment needs a bomb on top) and run for a few frames; some are crops of the 1280×720 frame to
keep the files small. Written against the public parts of the table that existed before the
change, so the same script draws the "before" pictures from the old code and the "after" ones
from the new.
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from game.core.config import GameConfig, SeatKind
from game.match.flow import Pace
from game.match.match import Match
from game.rules.bombdeck import actions as A
from game.ui.app import App
from game.ui.settings import Settings

P, AST = SeatKind.PERSON, SeatKind.ASTUTO
STILL = Pace(60.0, 60.0, 4.0)
"""Machines hold still for the picture."""
QUICK = Pace(0.05, 0.05, 0.3)
LANGS = ("es", "en", "pt")
OUT = Path(sys.argv[2] if len(sys.argv) > 2 else "docs/issue-10")
PREFIX = sys.argv[1] if len(sys.argv) > 1 else "after"
SMALL = 0.5


def new_app(lang: str, folder: str) -> App:
    app = App(Settings(language=lang), settings_dir=Path(folder), lang=lang, audio=False,
              persist=False, start=None)
    pygame.event.clear()
    return app


def table(app: App, match: Match, pace: Pace = STILL):  # type: ignore[no-untyped-def]
    from game.ui.bombdeck.table import TableScene

    scene = TableScene(app, match, pace=pace, deal=False)
    app.stack.push(scene)
    run(app, 0.3)
    return scene


def run(app: App, seconds: float, dt: float = 1 / 60) -> None:
    for _ in range(max(1, round(seconds / dt))):
        app.step(dt, [], draw=False)


def save(app: App, name: str, crop: tuple[int, int, int, int] | None = None,
         scale: float = 1.0) -> None:
    """The frame (or a crop of it) as a PNG; ``scale`` < 1 for whole frames of a moment, whose
    point is the staging rather than the letters."""
    app.draw()
    surface = app.canvas
    if crop is not None:
        surface = surface.subsurface(pygame.Rect(crop)).copy()
    if scale != 1.0:
        w, h = surface.get_size()
        surface = pygame.transform.smoothscale(surface, (round(w * scale), round(h * scale)))
    path = OUT / f"{PREFIX}_{name}.png"
    pygame.image.save(surface, str(path))
    print(path)


def state(match: Match):  # type: ignore[no-untyped-def]
    return match._state


def bomb_on_top(match: Match) -> None:
    card_on_top(match, "bomb")


def card_on_top(match: Match, card: str) -> None:
    deck = state(match).deck  # the top is the end of the list
    i = deck.index(card)
    deck[-1], deck[i] = deck[i], deck[-1]


def drop_defuses(match: Match, seat: int, card: str = "defuse") -> None:
    s = state(match)
    while card in s.hands[seat]:
        s.hands[seat].remove(card)
        s.discard.append(card)


def give(match: Match, seat: int, *cards: str) -> None:
    """Move ``cards`` from the deck into ``seat``'s hand (the deck keeps its other cards)."""
    s = state(match)
    for card in cards:
        s.deck.remove(card)
        s.hands[seat].append(card)
    s.hands[seat].sort()


def person_turn(match: Match) -> None:
    """Let the machines play until the person (seat 0) is to play."""
    for _ in range(400):
        if match.is_over():
            return
        pending = match.pending()
        if pending.by_person and pending.phase == "play":
            return
        if pending.by_person:
            legal = match.legal_for(pending.seat or 0)
            match.submit(pending.seat or 0, legal[0])
            continue
        match.step()


def fresh(game: str, seats: tuple[SeatKind, ...], seed: int) -> Match:
    match = Match(GameConfig(game, seats), seed)
    person_turn(match)
    return match


# --- the pictures ---------------------------------------------------------------------------

def hand(lang: str, folder: str) -> None:
    """Point 4: the hand, the meter, the clue chips, the draw button."""
    for game, code in (("bombazo", None), ("clasico", None), ("mazo", None)):
        if game != "bombazo" and lang != "es":
            continue
        app = new_app(lang, folder)
        match = fresh(game, (P, AST, AST, AST), 11)
        s = state(match)
        # a full hand with the long names, and a clue on a bomb
        extra = [c for c in ("draw_bottom", "shuffle", "animal_raccoon", "animal_hedgehog",
                             "skip", "pass_it", "calm", "swipe") if c in s.deck][:5]
        give(match, 0, *extra)
        bomb_on_top(match)
        top = len(s.deck) - 1
        s.clues[0] = {top: "bomb", top - 1: s.deck[-2]}
        scene = table(app, match)
        del code
        save(app, f"hand_{game}_{lang}")
        if game == "bombazo":  # the keyboard's card, lifted: its effect
            scene.hand.focus = scene.hand.cards.index("draw_bottom")
            run(app, 0.4)
            save(app, f"hand_focus_{lang}", (240, 300, 1040, 420))
        app.close()


def moments(lang: str, folder: str) -> None:
    """Point 3: the explosion, a defuse, the drawn card, a steal, a win."""
    # your own explosion
    app = new_app(lang, folder)
    match = fresh("bombazo", (P, AST, AST), 5)
    drop_defuses(match, 0)
    bomb_on_top(match)
    scene = table(app, match)
    scene.draw_card()
    for t, label in ((0.95, "a"), (0.9, "b")):
        run(app, t)
        save(app, f"explosion_{label}_{lang}", scale=SMALL)
    app.close()
    # a defuse
    app = new_app(lang, folder)
    match = fresh("bombazo", (P, AST, AST), 5)
    bomb_on_top(match)
    scene = table(app, match)
    scene.draw_card()
    for t, label in ((1.1, "a"), (1.4, "b")):
        run(app, t)
        save(app, f"defuse_{label}_{lang}", scale=SMALL)
    app.close()
    if lang != "es":
        return
    # the drawn card
    app = new_app(lang, folder)
    match = fresh("bombazo", (P, AST, AST), 5)
    card_on_top(match, "see_future")
    scene = table(app, match)
    scene.draw_card()
    run(app, 0.3)
    save(app, f"drawn_a_{lang}", scale=SMALL)
    run(app, 0.4)
    save(app, f"drawn_b_{lang}", scale=SMALL)
    app.close()
    # a steal (a pair of Frog against a machine)
    app = new_app(lang, folder)
    match = fresh("bombazo", (P, AST, AST), 5)
    give(match, 0, *[c for c in state(match).deck if c == "animal_frog"][:2])
    for seat in (1, 2):
        drop_defuses(match, seat, "nope")
    scene = table(app, match, QUICK)
    pair = next(a for a in match.legal_for(0) if a.verb == A.PAIR and a.card == "animal_frog")
    scene.submit(pair)
    for _ in range(600):
        run(app, 1 / 60)
        if any(type(i.event).__name__ == "CardTaken" for i in match.feed_for(None)):
            break
    if hasattr(scene, "moment"):
        for _ in range(600):
            if scene.moment is not None and scene.moment.kind == "pass":
                break
            run(app, 1 / 60)
        run(app, 0.5)
    else:
        run(app, 0.8)
    save(app, f"steal_{lang}", scale=SMALL)
    run(app, 2.0)
    save(app, f"log_pair_{lang}", (0, 200, 640, 300))
    app.close()
    # a win: the last machine draws a bomb without a defuse
    app = new_app(lang, folder)
    match = fresh("bombazo", (P, AST), 5)
    s = state(match)
    s.discard.extend(s.hands[1])  # the machine holds nothing: it can only draw
    s.hands[1].clear()
    s.markers[1] = 0
    scene = table(app, match, QUICK)
    deck = state(match).deck
    if deck[-1] == "bomb":
        deck[0], deck[-1] = deck[-1], deck[0]
    match.submit(0, A.DRAW_ACTION)
    scene._tell()
    bomb_on_top(match)
    for _ in range(900):
        run(app, 1 / 60)
        if match.is_over():
            break
    run(app, 0.9)
    save(app, f"win_a_{lang}", scale=SMALL)
    run(app, 3.1)
    save(app, f"win_b_{lang}", scale=SMALL)
    app.close()


def out_panel(lang: str, folder: str) -> None:
    """Points 3 and 4: the person is out, the panel offering to watch."""
    app = new_app(lang, folder)
    match = fresh("bombazo", (P, AST, AST), 5)
    drop_defuses(match, 0)
    bomb_on_top(match)
    scene = table(app, match)
    scene.draw_card()
    run(app, 0.05)
    save(app, f"out_early_{lang}", scale=SMALL)
    run(app, 6.0)
    save(app, f"out_panel_{lang}", scale=SMALL)
    app.close()


def log_voice(lang: str, folder: str) -> None:
    """Point 5: the log after you defuse a bomb and draw cards (one voice for you)."""
    app = new_app(lang, folder)
    match = fresh("bombazo", (P, AST, AST, AST), 8)
    bomb_on_top(match)
    match.submit(0, A.DRAW_ACTION)
    legal = match.legal_for(0)
    match.submit(0, legal[len(legal) // 2])
    person_turn(match)
    match.submit(0, A.DRAW_ACTION)
    person_turn(match)
    table(app, match)
    save(app, f"log_{lang}", (0, 220, 460, 260))
    app.close()


def stale(lang: str, folder: str) -> None:
    """Point 7: the draw button after your Attack, your own badge's defuses."""
    app = new_app(lang, folder)
    match = fresh("bombazo", (P, AST, AST), 5)
    if "attack" not in match.view_for(0).hand:
        give(match, 0, "attack")
    give(match, 0, "defuse")
    for seat in (1, 2):
        drop_defuses(match, seat, "nope")  # nobody answers the attack
    scene = table(app, match, Pace(60.0, 60.0, 0.2))
    home = scene.layout.badges()[0]
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=home.center, rel=(0, 0),
                                         buttons=(0, 0, 0))], draw=False)
    run(app, 0.2)
    save(app, f"own_badge_{lang}", (0, 420, 560, 300))
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0),
                                         buttons=(0, 0, 0))], draw=False)
    scene.submit(A.Action(A.PLAY, "attack"))
    run(app, 1.5)
    save(app, f"attack_draw_button_{lang}", (760, 360, 520, 360))
    app.close()


def picker(lang: str, folder: str) -> None:
    """Point 7: the picker after Random, and with 30 cards."""
    from game.ui.bombdeck.hide_bomb import HideBombScene

    for size, name in ((12, "random"), (30, "many")):
        app = new_app(lang, folder)
        match = fresh("bombazo", (P, AST, AST), 5)
        table(app, match)
        picker_scene = HideBombScene(app, size, bomb_name=app.loc.t("card.bombazo.bomb.name"),
                                     start=3)
        app.stack.push(picker_scene)
        run(app, 0.3)
        if name == "random":
            picker_scene.choose_random()
        run(app, 0.1)
        save(app, f"picker_{name}_{lang}", (60, 80, 1160, 560))
        app.close()


def code_box(lang: str, folder: str) -> None:
    """Point 7: the code box after a bad code, then Paste; and Ctrl+A."""
    from game.ui.scenes import code_entry

    app = new_app(lang, folder)
    box = code_entry.CodeEntryScene(app, check=lambda c: app.loc.t("error.code_typo"))
    app.stack.push(box)
    run(app, 0.3)
    box.field.insert("911-118")
    box.submit(box.field.text)
    code_entry.read_clipboard = lambda: "911-119"  # type: ignore[assignment]
    box.paste.fire()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a,
                                         mod=pygame.KMOD_LCTRL, unicode="", scancode=0))
    run(app, 0.1)
    app.step(1 / 60, pygame.event.get(), draw=False)
    save(app, f"code_paste_{lang}", (280, 174, 720, 372))
    app.close()


def window(lang: str, folder: str) -> None:
    """Point 8: your own play's window when you hold a nope; point 4: hot-seat nope lines."""
    app = new_app(lang, folder)
    match = fresh("bombazo", (P, AST, AST), 5)
    for card in ("nope", "skip"):
        if card not in match.view_for(0).hand:
            give(match, 0, card)
    scene = table(app, match)
    scene.submit(A.Action(A.PLAY, "skip"))
    run(app, 1.0)
    save(app, f"own_window_{lang}", (420, 100, 860, 620))
    app.close()
    app = new_app(lang, folder)
    match = fresh("bombazo", (P, P, P, AST), 5)
    scene = table(app, match)
    if app.stack.top is not scene:
        app.stack.top.finish(True)  # type: ignore[union-attr]
        run(app, 0.3)
    seat = scene.flow.awaiting_person
    legal = [a for a in match.legal_for(seat) if a.verb == A.PLAY and a.target is None] \
        if seat is not None else []
    if legal:
        scene.submit(legal[0])
        run(app, 1.0)
    save(app, f"hotseat_window_{lang}", (400, 300, 760, 240))
    app.close()


def cats(lang: str, folder: str) -> None:
    """Point 6: Clásico's five cats and its meter."""
    from game.ui import cards

    app = new_app(lang, folder)
    match = fresh("clasico", (P, AST, AST), 5)
    scene = table(app, match)
    surface = app.canvas
    app.draw()
    strip = pygame.Surface((5 * 124 + 12, 172 + 12))
    strip.fill((28, 74, 58))
    for i, card in enumerate(("animal_chicken", "animal_frog", "animal_hedgehog",
                              "animal_octopus", "animal_raccoon")):
        face_of: Callable[..., pygame.Surface] | None = None
        try:
            from game.ui.bombdeck import paint

            face_of = paint.face_of
        except ImportError:
            pass
        face = face_of(scene, card) if face_of is not None else cards.draw_card(card)
        strip.blit(face, (12 + i * 124, 12))
    path = OUT / f"{PREFIX}_clasico_cats_{lang}.png"
    pygame.image.save(strip, str(path))
    print(path)
    save(app, f"clasico_meter_{lang}", (720, 110, 320, 120))
    del surface
    app.close()


SHOTS: dict[str, Callable[[str, str], None]] = {
    "hand": hand, "moments": moments, "out": out_panel, "log": log_voice, "stale": stale,
    "picker": picker, "code": code_box, "window": window, "cats": cats,
}

if __name__ == "__main__":
    OUT.mkdir(parents=True, exist_ok=True)
    wanted = sys.argv[3:] or list(SHOTS)
    with tempfile.TemporaryDirectory() as tmp:
        for name in wanted:
            for lang in LANGS:
                SHOTS[name](lang, tmp)
